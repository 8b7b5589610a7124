import { DefinitionPage } from './DefinitionPage.js';

export default function PointTypesPage() {
  return <DefinitionPage path="pointTypes" />;
}
