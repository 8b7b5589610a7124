import { DefinitionPage } from './DefinitionPage.js';

export default function AcademicTermTypesPage() {
  return <DefinitionPage path="academicTermTypes" />;
}
