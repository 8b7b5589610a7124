import { Button, H1 } from '@blueprintjs/core';
import { MenuIcon } from '@blueprintjs/icons';
import { NotificationBell } from '../../features/notifications/NotificationBell.js';
import { AccountMenu } from './AccountMenu.js';
import { DRAWER_ID } from './ShellDrawer.js';
import { SupportButton } from './SupportButton.js';
import { ThemeToggle } from './ThemeToggle.js';

export interface TopBarProps {
  title: string;
  drawerOpen: boolean;
  onMenuClick: () => void;
}

/**
 * Spec §2: menu button (mobile only), page title, support chat, theme toggle, account menu; and
 * the notifications bell (docs/decisions.md 34).
 */
export function TopBar({ title, drawerOpen, onMenuClick }: TopBarProps) {
  return (
    <header className="allot-topbar">
      <Button
        className="allot-topbar__menu-button allot-topbar__button"
        variant="minimal"
        icon={<MenuIcon />}
        aria-label={drawerOpen ? 'Close the menu' : 'Open the menu'}
        aria-controls={DRAWER_ID}
        aria-expanded={drawerOpen}
        onClick={onMenuClick}
      />
      <H1 className="allot-topbar__title">{title}</H1>
      <div className="allot-topbar__actions">
        <SupportButton />
        <NotificationBell />
        <ThemeToggle />
        <AccountMenu />
      </div>
    </header>
  );
}
