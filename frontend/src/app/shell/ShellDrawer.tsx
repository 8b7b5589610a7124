import { SidebarMenu } from './menu/SidebarMenu.js';
import { DrawerFooter } from './DrawerFooter.js';
import { DrawerLogo } from './DrawerLogo.js';

export const DRAWER_ID = 'allot-drawer';

/** Spec §2: the 240 px side drawer: logo header, the menu, the footer. */
export function ShellDrawer({ open }: { open: boolean }) {
  return (
    <aside
      id={DRAWER_ID}
      className={`allot-drawer${open ? ' allot-drawer--open' : ''}`}
      aria-label="Navigation"
    >
      <div className="allot-drawer__header">
        <DrawerLogo />
      </div>
      <nav className="allot-drawer__menu" aria-label="Main menu">
        <SidebarMenu />
      </nav>
      <DrawerFooter />
    </aside>
  );
}
