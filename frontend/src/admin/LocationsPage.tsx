import { DefinitionPage } from './DefinitionPage.js';

export default function LocationsPage() {
  return <DefinitionPage path="locations" />;
}
