import { DefinitionPage } from './DefinitionPage.js';

/** Workgroups with their members; approve (1) and assign (2) are checkboxes per member. */
export default function WorkgroupsPage() {
  return <DefinitionPage path="workgroups" />;
}
