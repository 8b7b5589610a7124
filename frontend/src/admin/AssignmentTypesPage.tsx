import { DefinitionPage } from './DefinitionPage.js';

export default function AssignmentTypesPage() {
  return <DefinitionPage path="assignmentTypes" />;
}
