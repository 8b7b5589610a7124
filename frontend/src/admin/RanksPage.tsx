import { DefinitionPage } from './DefinitionPage.js';

export default function RanksPage() {
  return <DefinitionPage path="ranks" />;
}
