import { DefinitionPage } from '../../../components/resources/DefinitionPage.js';

export default function AdministrativeAssignmentsPage() {
  return <DefinitionPage path="administrativeAssignments" />;
}
