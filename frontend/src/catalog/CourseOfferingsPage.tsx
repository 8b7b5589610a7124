import { DefinitionPage } from '../admin/DefinitionPage.js';

export default function CourseOfferingsPage() {
  return <DefinitionPage path="courseOfferings" />;
}
