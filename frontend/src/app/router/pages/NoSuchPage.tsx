import { NonIdealState } from '@blueprintjs/core';
import { BuildIcon } from '@blueprintjs/icons';
import { usePageInfo } from '../../../lib/hooks/usePageInfo.js';
import { PageFrame } from '../../../components/layout/PageFrame.js';

/** A page whose content arrives with a later issue: its frame and an honest empty state. */
export default function PlaceholderPage() {
  const { title } = usePageInfo();
  return (
    <PageFrame>
      <NonIdealState
        icon={<BuildIcon size={48} />}
        title={`${title} is not available yet`}
        description="This page is part of an upcoming release. Nothing here needs your attention."
      />
    </PageFrame>
  );
}
