import { DefinitionPage } from '../admin/DefinitionPage.js';

export default function AdministrativeAssignmentsPage() {
  return <DefinitionPage path="administrativeAssignments" />;
}
