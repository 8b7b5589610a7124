import { NotFoundPage } from '../../../components/layout/NotFoundPage.js';

/**
 * A path under a route pattern of the spec that names no page of its own (`/effort/anything`):
 * the not-found page, inside the frame the pattern's permission allows.
 */
export default function NoSuchPage() {
  return <NotFoundPage />;
}
