import type {
  NotificationAnswer,
  NotificationPreferencesAnswer,
} from '@allot/shared-events/browser';
import type { AcademicPeriod, AuthContext, MyUserSettings } from '../lib/api/sessionApi.js';
import { startApiServer, type ApiAnswer, type ApiCall } from './apiServer.js';
import { PERIODS, settingsRows, signedOut } from './fixtures.js';

/** What the fake API answers; each test sets the parts it is about. */
export interface ShellWorld {
  auth: AuthContext;
  settings: Record<string, string>;
  mine: MyUserSettings;
  periods: AcademicPeriod[];
  systemActive: AcademicPeriod | null;
  users: { id: string; name: string }[];
  /** The signed-in person's notifications, newest first. */
  notifications: NotificationAnswer[];
  /** Their notification settings. */
  preferences: NotificationPreferencesAnswer;
}

export function defaultWorld(): ShellWorld {
  return {
    auth: signedOut,
    settings: { institution_name: 'State University', primary_color: '#0736a4', logo: 'false' },
    mine: { id: null, UserId: 'user-1', value: 'dark' },
    periods: PERIODS,
    systemActive: PERIODS.find((p) => p.isSystemActive) ?? null,
    users: [
      { id: 'user-1', name: 'Ada Admin' },
      { id: 'user-7', name: 'Maria Garcia' },
      { id: 'user-8', name: 'James Chen' },
    ],
    notifications: [],
    preferences: { appOff: [], emailOff: [], receivesEmail: true },
  };
}

const COMMAND_ANSWER = { id: 'x', revision: 1, position: '1:1' };

/**
 * The API as the shell sees it, over real HTTP, answering from `world()`. Writes change the
 * world the way the server would, so the refetch after a write shows the new state.
 */
export function startShellApi(world: () => ShellWorld) {
  return startApiServer((call: ApiCall): ApiAnswer => {
    const w = world();
    const url = new URL(call.path, 'http://x');
    const route = `${call.method} ${url.pathname}`;
    switch (route) {
      case 'GET /api/auth':
        return { body: w.auth };
      case 'GET /api/status':
        return {
          body: { version: w.auth.version, mode: w.auth.mode, featureFlags: w.auth.FeatureFlags },
        };
      case 'GET /api/auth/csrf':
        return { body: { csrfToken: 'csrf-1' } };
      case 'GET /api/settings':
        return { body: settingsRows(w.settings) };
      case 'GET /api/userSettings/mine':
        return { body: w.mine };
      case 'POST /api/userSettings':
        w.mine = { ...w.mine, id: 'settings-1', ...(call.body as object) };
        return { body: COMMAND_ANSWER };
      case 'PUT /api/userSettings/settings-1':
        w.mine = { ...w.mine, ...(call.body as object) };
        return { body: COMMAND_ANSWER };
      case 'GET /api/academicPeriods':
        return { body: { count: w.periods.length, rows: w.periods } };
      case 'GET /api/academicPeriods/systemActive':
        return { body: w.systemActive };
      case 'GET /api/users': {
        const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as {
          displayName?: { value: string };
        };
        const search = filter.displayName?.value.toLowerCase() ?? '';
        const rows = w.users.filter((u) => u.name.toLowerCase().includes(search));
        return { body: { count: rows.length, rows } };
      }
      case 'POST /api/users/masquerade': {
        const { id } = call.body as { id: string };
        const user = w.users.find((u) => u.id === id);
        w.auth = { ...w.auth, workingUserId: id, displayName: user?.name ?? null };
        w.auth.Roles = [{ slug: 'faculty' }];
        return { body: {} };
      }
      case 'DELETE /api/auth/sessions':
        w.auth = { ...w.auth, authenticatedUserId: null, workingUserId: null, displayName: null };
        return { body: {} };
      case 'GET /api/notifications/mine': {
        const take = Number(url.searchParams.get('take') ?? 20);
        return {
          body: {
            unread: w.notifications.filter((n) => !n.read).length,
            items: w.notifications.slice(0, take),
            more: w.notifications.length > take,
          },
        };
      }
      case 'POST /api/notifications/read': {
        const { ids = [], upTo = null } = call.body as { ids?: string[]; upTo?: string | null };
        w.notifications = w.notifications.map((n) =>
          ids.includes(n.id) || (upTo !== null && n.at <= upTo) ? { ...n, read: true } : n,
        );
        return { body: COMMAND_ANSWER };
      }
      case 'GET /api/notifications/preferences':
        return { body: w.preferences };
      case 'PUT /api/notifications/preferences':
        w.preferences = { ...w.preferences, ...(call.body as object) };
        return { body: COMMAND_ANSWER };
      case 'DELETE /api/users/masquerade':
        w.auth = {
          ...w.auth,
          workingUserId: w.auth.authenticatedUserId,
          displayName: 'Ada Admin',
          Roles: [{ slug: 'admin' }],
        };
        return { body: {} };
      default:
        if (call.method === 'PUT' && /^\/api\/users\/[^/]+\/working$/.test(url.pathname)) {
          const { WorkingAcademicPeriodId } = call.body as { WorkingAcademicPeriodId: string };
          w.auth = { ...w.auth, workingAcademicPeriodId: WorkingAcademicPeriodId };
          return { body: COMMAND_ANSWER };
        }
        return undefined;
    }
  });
}
