import { DefinitionPage } from '../admin/DefinitionPage.js';

export default function CoursesPage() {
  return <DefinitionPage path="courses" />;
}
