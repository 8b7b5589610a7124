import { Intent } from '@blueprintjs/core';
import type { Mode } from '@allot/shared-events/browser';

export interface Badge {
  text: string;
  intent: Intent;
  /** What the badge means, for its tooltip and screen readers. */
  title: string;
}

function majorMinor(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

/** True when the server answers a version and it is not the client's (spec §4). */
export function versionsDiffer(client: string, server: string | undefined): boolean {
  return server !== undefined && server !== client;
}

/**
 * Spec §4: in production one green "V major.minor"; otherwise one green badge while client and
 * server match, else two warning badges, C (the client's version) and A (the server's).
 */
export function versionBadges(client: string, server: string | undefined, mode: Mode): Badge[] {
  if (mode === 'production') {
    return [
      { text: `V ${majorMinor(server ?? client)}`, intent: Intent.SUCCESS, title: 'Version' },
    ];
  }
  if (!versionsDiffer(client, server)) {
    return [{ text: `V ${client}`, intent: Intent.SUCCESS, title: 'Client and server version' }];
  }
  return [
    { text: `C ${client}`, intent: Intent.WARNING, title: 'Client version' },
    { text: `A ${server ?? ''}`, intent: Intent.WARNING, title: 'Server (API) version' },
  ];
}
