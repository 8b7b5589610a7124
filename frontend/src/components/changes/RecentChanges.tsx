import { Card, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router';
import { ChangeList } from './ChangeList.js';
import { useRecentChangesQuery } from './changesApi.js';
import './changes.css';

/**
 * The dashboard's "Recent changes": the last ten changes the viewer may read, kept current by
 * the realtime event, and the way into the whole feed.
 */
export function RecentChanges() {
  const recent = useRecentChangesQuery();
  return (
    <section aria-label="Recent changes" className="allot-recent-changes">
      <Card compact>
        <div className="allot-recent-changes-head">
          <span className="allot-dashboard__title">Recent changes</span>
          <Link to="/changes">All changes</Link>
        </div>
        {recent.error ? (
          <p>The recent changes could not be loaded.</p>
        ) : !recent.data ? (
          <Spinner size={20} aria-label="Loading recent changes" />
        ) : recent.data.rows.length === 0 ? (
          <p className="bp6-text-muted">Nothing has changed yet.</p>
        ) : (
          <ChangeList rows={recent.data.rows} compact label="Recent changes, newest first" />
        )}
      </Card>
    </section>
  );
}
