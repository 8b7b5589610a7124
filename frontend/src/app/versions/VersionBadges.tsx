import { Intent, Tag } from '@blueprintjs/core';
import type { Mode } from '@allot/shared-events/browser';
import { CLIENT_VERSION } from '../../lib/constants.js';
import { AppTooltip } from '../../components/AppTooltip.js';
import { useStatus } from '../polling.js';
import { versionBadges, type Badge } from './versionBadges.js';

function BadgeTag({ badge }: { badge: Badge }) {
  return (
    <AppTooltip content={badge.title} placement="top">
      <Tag intent={badge.intent} minimal={false} round aria-label={`${badge.title}: ${badge.text}`}>
        {badge.text}
      </Tag>
    </AppTooltip>
  );
}

export interface VersionBadgesViewProps {
  client: string;
  server: string | undefined;
  mode: Mode;
  devEmailsEnabled: boolean;
}

/** The badges as they look for given versions, mode and flag. */
export function VersionBadgesView({
  client,
  server,
  mode,
  devEmailsEnabled,
}: VersionBadgesViewProps) {
  const modeBadge: Badge | null =
    mode === 'production' ? null : { text: mode, intent: Intent.PRIMARY, title: 'Mode' };
  const devEmails: Badge | null = devEmailsEnabled
    ? {
        text: 'Dev e-mails',
        intent: Intent.DANGER,
        title: 'E-mails go to the developers, not to users',
      }
    : null;
  return (
    <div className="allot-version-badges" style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {versionBadges(client, server, mode).map((badge) => (
        <BadgeTag key={badge.text} badge={badge} />
      ))}
      {modeBadge && <BadgeTag badge={modeBadge} />}
      {devEmails && <BadgeTag badge={devEmails} />}
    </div>
  );
}

/**
 * The drawer footer's version, mode and developer e-mails badges (spec §2, §4), from the polled
 * GET status. Nothing shows until the status has loaded once.
 */
export function VersionBadges() {
  const { data: status } = useStatus();
  if (!status) return null;
  return (
    <VersionBadgesView
      client={CLIENT_VERSION}
      server={status.version}
      mode={status.mode}
      devEmailsEnabled={status.featureFlags.devEmailsEnabled}
    />
  );
}
