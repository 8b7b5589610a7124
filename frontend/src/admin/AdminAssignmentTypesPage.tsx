import { DefinitionPage } from './DefinitionPage.js';

export default function AdminAssignmentTypesPage() {
  return <DefinitionPage path={['administrativeAssignmentTypes', 'adminAssignmentTypes']} />;
}
