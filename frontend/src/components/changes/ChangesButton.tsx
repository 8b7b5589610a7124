import { Button } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { changesLink } from '../../lib/changesLink.js';

/**
 * A page's way into the change feed, filtered to what the page shows (its period, workgroup and
 * kind of record): "what changed here, and who changed it?".
 */
export function ChangesButton({
  period,
  workgroup,
  kind,
  text = 'Changes',
}: {
  period?: string | null;
  workgroup?: string | null;
  kind?: string | null;
  text?: string;
}) {
  const navigate = useNavigate();
  return (
    <Button
      variant="minimal"
      icon="history"
      text={text}
      onClick={() => void navigate(changesLink({ period, workgroup, kind }))}
    />
  );
}
