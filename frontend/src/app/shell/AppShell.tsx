import { Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@blueprintjs/core';
import { ScrollReset } from './ScrollReset.js';
import { DRAWER_ID, ShellDrawer } from './ShellDrawer.js';
import { DRAWER_WIDTH_PX, SIDEBAR_TRANSITION_MS } from '../../lib/constants.js';
import { SkipLink } from './SkipLink.js';
import { TopBar } from './TopBar.js';
import { usePageTitle } from './pageTitle.js';
import { useRouteAccess } from '../router/routeAccess.js';
import { useAppearance, useApplyAppearance } from '../../lib/appearance/useAppearance.js';
import { useViewer } from '../../lib/auth/useViewer.js';
import { IdentitySwitchContext } from './identitySwitch.js';
import { useIdentitySwitchState } from './useIdentitySwitchState.js';

/** Spec §9 sizes and timings for index.css (the drawer below ~768 px slides in from the menu button). */
const SHELL_STYLE = {
  '--allot-drawer-width': `${String(DRAWER_WIDTH_PX)}px`,
  '--allot-transition': `${String(SIDEBAR_TRANSITION_MS)}ms`,
} as CSSProperties;

/** The circular indicator while the session or a lazily loaded page is on its way (spec §2). */
export function ShellSpinner() {
  return (
    <div className="allot-shell__loading" role="status" aria-label="Loading">
      <Spinner size={40} />
    </div>
  );
}

/** Spec §2 Shell: every path but /login lives in it. */
export function AppShell() {
  const appearance = useAppearance();
  useApplyAppearance(appearance);
  const viewer = useViewer();
  // The gate shows Unauthorized in place of the page: the top bar and tab must say so too.
  const title = usePageTitle(useRouteAccess() === 'denied' ? 'Unauthorized' : undefined);
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const identitySwitch = useIdentitySwitchState();
  // On a phone the drawer covers the page: close it once a menu entry was followed.
  useEffect(() => setDrawerOpen(false), [pathname]);
  // Opening the drawer on a phone takes keyboard focus into it; closing gives it back.
  const drawerWasOpen = useRef(false);
  useEffect(() => {
    if (drawerOpen) document.querySelector<HTMLElement>(`#${DRAWER_ID} a[href]`)?.focus();
    else if (drawerWasOpen.current)
      document.querySelector<HTMLElement>('.allot-topbar__menu-button')?.focus();
    drawerWasOpen.current = drawerOpen;
  }, [drawerOpen]);
  // Escape closes the slid-in drawer, as it would a dialog.
  useEffect(() => {
    if (!drawerOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <IdentitySwitchContext.Provider value={identitySwitch}>
      <div className="allot-shell" style={SHELL_STYLE}>
        <SkipLink />
        <ScrollReset />
        <ShellDrawer open={drawerOpen} />
        {drawerOpen && (
          <div className="allot-shell__backdrop" aria-hidden onClick={() => setDrawerOpen(false)} />
        )}
        <div className="allot-shell__body">
          <TopBar
            title={title}
            drawerOpen={drawerOpen}
            onMenuClick={() => setDrawerOpen((open) => !open)}
          />
          <main id="main-content" className="allot-shell__main" tabIndex={-1}>
            {viewer.loading || identitySwitch.switching ? (
              <ShellSpinner />
            ) : (
              <Suspense fallback={<ShellSpinner />}>
                <Outlet />
              </Suspense>
            )}
          </main>
        </div>
      </div>
    </IdentitySwitchContext.Provider>
  );
}
