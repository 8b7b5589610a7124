import { DefinitionPage } from './DefinitionPage.js';

export default function DivisionsPage() {
  return <DefinitionPage path="divisions" />;
}
