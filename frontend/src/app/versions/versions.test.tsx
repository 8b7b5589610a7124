import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { FeatureFlags } from '@allot/shared-events/browser';
import { createStore } from '../../lib/api/store.js';
import { sessionApi, type StatusInfo } from '../../lib/api/sessionApi.js';
import { CLIENT_VERSION } from '../../lib/constants.js';
import { ApplicationUpdate, ApplicationUpdateDialog } from './ApplicationUpdate.js';
import { VersionBadges, VersionBadgesView } from './VersionBadges.js';
import { versionBadges } from './versionBadges.js';

const flags = (devEmailsEnabled: boolean) => ({ devEmailsEnabled }) as unknown as FeatureFlags;

/** A store whose GET status answered `status` (the real slice, filled as the server would). */
async function storeWithStatus(status: StatusInfo) {
  const store = createStore();
  await store.dispatch(sessionApi.util.upsertQueryData('getStatus', undefined, status));
  return store;
}

describe('version badge rules (spec §4)', () => {
  it('production: one green V major.minor', () => {
    expect(versionBadges('2025.4.0', '2025.4.0', 'production')).toEqual([
      { text: 'V 2025.4', intent: 'success', title: 'Version' },
    ]);
  });

  it('elsewhere: green when client and server match, two warnings C and A when they differ', () => {
    expect(versionBadges('2025.4.0', '2025.4.0', 'development').map((b) => b.text)).toEqual([
      'V 2025.4.0',
    ]);
    expect(versionBadges('2025.4.0', '2025.4.0', 'local')[0]?.intent).toBe('success');
    expect(versionBadges('2025.4.0', '2025.5.1', 'staging-build')).toEqual([
      { text: 'C 2025.4.0', intent: 'warning', title: 'Client version' },
      { text: 'A 2025.5.1', intent: 'warning', title: 'Server (API) version' },
    ]);
  });
});

describe('VersionBadges', () => {
  it('shows the version, the mode outside production and the developer e-mails flag', () => {
    render(
      <VersionBadgesView client="2025.4.0" server="2025.4.1" mode="development" devEmailsEnabled />,
    );
    expect(screen.getByText('C 2025.4.0').closest('.bp6-tag')?.className).toContain(
      'bp6-intent-warning',
    );
    expect(screen.getByText('A 2025.4.1')).toBeTruthy();
    expect(screen.getByText('development')).toBeTruthy();
    expect(screen.getByText('Dev e-mails')).toBeTruthy();
  });

  it('in production shows only the version', () => {
    render(
      <VersionBadgesView
        client="2025.4.0"
        server="2025.4.0"
        mode="production"
        devEmailsEnabled={false}
      />,
    );
    expect(screen.getByText('V 2025.4').closest('.bp6-tag')?.className).toContain(
      'bp6-intent-success',
    );
    expect(document.querySelectorAll('.bp6-tag')).toHaveLength(1);
  });

  it('reads the polled status', async () => {
    const store = await storeWithStatus({
      version: CLIENT_VERSION,
      mode: 'local',
      featureFlags: flags(false),
    });
    render(
      <Provider store={store}>
        <VersionBadges />
      </Provider>,
    );
    expect(screen.getByText(`V ${CLIENT_VERSION}`)).toBeTruthy();
    expect(screen.getByText('local')).toBeTruthy();
    expect(screen.queryByText('Dev e-mails')).toBeNull();
  });
});

describe('Application Update modal', () => {
  afterEach(() => jest.useRealTimers());

  it('counts 30 s down, reloads, and reloads again every 30 s', () => {
    jest.useFakeTimers();
    const reload = jest.fn();
    render(<ApplicationUpdateDialog isOpen reload={reload} />);
    expect(screen.getByRole('dialog').textContent).toContain('Application Update');
    expect(screen.getByText(/not synchronized with the backend/)).toBeTruthy();
    expect(screen.getByText(/contact support/)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('The page will reload in 30 seconds.');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('The page will reload in 29 seconds.');
    act(() => jest.advanceTimersByTime(28000));
    expect(screen.getByRole('timer').textContent).toBe('The page will reload in 1 second.');
    expect(reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1000));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('timer').textContent).toBe('The page will reload in 30 seconds.');
    act(() => jest.advanceTimersByTime(30000));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('opens only while the server answers another version', async () => {
    const reload = jest.fn();
    const same = await storeWithStatus({
      version: CLIENT_VERSION,
      mode: 'local',
      featureFlags: flags(false),
    });
    const { unmount } = render(
      <Provider store={same}>
        <ApplicationUpdate reload={reload} />
      </Provider>,
    );
    expect(screen.queryByText('Application Update')).toBeNull();
    unmount();

    const other = await storeWithStatus({
      version: '2099.1.0',
      mode: 'local',
      featureFlags: flags(false),
    });
    render(
      <Provider store={other}>
        <ApplicationUpdate reload={reload} />
      </Provider>,
    );
    expect(screen.getByText('Application Update')).toBeTruthy();
  });
});
