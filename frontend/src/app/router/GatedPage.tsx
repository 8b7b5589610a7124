import { Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { PageErrorBoundary } from './PageErrorBoundary.js';
import { PageInfoContext, type PageInfo } from '../../lib/hooks/usePageInfo.js';
import { PageSpinner } from './PageSpinner.js';
import { RouteGate } from './RouteGate.js';

/** One route's page: its gates, its own render-error boundary, and its lazily loaded module. */
export function GatedPage({ info, Page }: { info: PageInfo; Page: ComponentType }) {
  const { pathname } = useLocation();
  return (
    <RouteGate>
      <PageInfoContext.Provider value={info}>
        {/* Inside the boundary, so a page chunk that fails to load is shown like a render error. */}
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Page />
          </Suspense>
        </PageErrorBoundary>
      </PageInfoContext.Provider>
    </RouteGate>
  );
}
