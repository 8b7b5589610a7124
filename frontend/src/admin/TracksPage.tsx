import { DefinitionPage } from './DefinitionPage.js';

export default function TracksPage() {
  return <DefinitionPage path="tracks" />;
}
