import { DefinitionPage } from './DefinitionPage.js';

export default function TeachingModesPage() {
  return <DefinitionPage path="teachingModes" />;
}
