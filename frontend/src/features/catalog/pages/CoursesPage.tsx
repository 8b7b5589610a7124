import { DefinitionPage } from '../../../components/resources/DefinitionPage.js';

export default function CoursesPage() {
  return <DefinitionPage path="courses" />;
}
