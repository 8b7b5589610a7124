import { DefinitionPage } from './DefinitionPage.js';

export default function InstructorTypesPage() {
  return <DefinitionPage path="instructorTypes" />;
}
