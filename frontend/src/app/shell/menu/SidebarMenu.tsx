import { useEffect, useId, useMemo, useState } from 'react';
import { Collapse } from '@blueprintjs/core';
import { ChevronDownIcon } from '@blueprintjs/icons';
import { MENU, visibleMenu, type MenuEntry } from '@allot/shared-events/browser';
import { NavLink, useLocation } from 'react-router';
import { useAbility } from '../../../lib/auth/useAbility.js';
import { SIDEBAR_TRANSITION_MS } from '../../../lib/constants.js';
import { menuIconFor } from './menuIcons.js';
import './menu.css';

export interface SidebarMenuProps {
  /** The menu to show; the spec's MENU unless a test gives another. */
  menu?: readonly MenuEntry[];
}

function sameRoute(route: string | undefined, pathname: string): boolean {
  if (!route) return false;
  const bare = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';
  return bare(route) === bare(pathname);
}

/** The branch holding the current page, so that page's link is visible on arrival. */
function branchOf(entries: readonly MenuEntry[], pathname: string): string | null {
  const branch = entries.find((entry) =>
    entry.items?.some((item) => sameRoute(item.route, pathname)),
  );
  return branch?.label ?? null;
}

function MenuLink({ entry, nested }: { entry: MenuEntry; nested?: boolean }) {
  const EntryIcon = menuIconFor(entry.icon);
  return (
    <li>
      <NavLink
        to={entry.route ?? '/'}
        end
        className={({ isActive }) =>
          [
            'allot-menu__link',
            nested ? 'allot-menu__link--nested' : '',
            isActive ? 'allot-menu__link--active' : '',
          ]
            .filter(Boolean)
            .join(' ')
        }
      >
        <EntryIcon size={nested ? 14 : 16} aria-hidden />
        <span className="allot-menu__label">{entry.label}</span>
      </NavLink>
    </li>
  );
}

function MenuBranch({
  entry,
  open,
  onToggle,
}: {
  entry: MenuEntry;
  open: boolean;
  onToggle: () => void;
}) {
  const listId = useId();
  const BranchIcon = menuIconFor(entry.icon);
  return (
    <li className={`allot-menu__branch${open ? ' allot-menu__branch--open' : ''}`}>
      <button
        type="button"
        className="allot-menu__link allot-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
      >
        <BranchIcon aria-hidden />
        <span className="allot-menu__label">{entry.label}</span>
        <ChevronDownIcon className="allot-menu__chevron" aria-hidden />
      </button>
      <Collapse isOpen={open} transitionDuration={SIDEBAR_TRANSITION_MS}>
        <ul id={listId} className="allot-menu__items" aria-label={entry.label}>
          {(entry.items ?? []).map((item) => (
            <MenuLink key={`${item.label}${item.route ?? ''}`} entry={item} nested />
          ))}
        </ul>
      </Collapse>
    </li>
  );
}

/**
 * Spec §2 sidebar: the entries the viewer may view (the server's CASL rules), sorted by order;
 * branches expand one at a time; the current page's link carries aria-current="page".
 */
export function SidebarMenu({ menu = MENU }: SidebarMenuProps) {
  const { loading, ability } = useAbility();
  const { pathname } = useLocation();
  const entries = useMemo(
    () =>
      visibleMenu(ability, menu, {
        // Spec §8: an entry without subject or action is hidden and a warning logged.
        onWarning: (message) => console.warn(message),
      }),
    [ability, menu],
  );
  const [openBranch, setOpenBranch] = useState<string | null>(() => branchOf(entries, pathname));
  const activeBranch = branchOf(entries, pathname);
  // Arriving on a page inside a closed branch (a link, the address bar) opens that branch.
  useEffect(() => {
    if (activeBranch) setOpenBranch(activeBranch);
  }, [activeBranch]);

  if (loading) return null;
  return (
    <ul className="allot-menu">
      {entries.map((entry) =>
        entry.items ? (
          <MenuBranch
            key={entry.label}
            entry={entry}
            open={openBranch === entry.label}
            onToggle={() => setOpenBranch((open) => (open === entry.label ? null : entry.label))}
          />
        ) : (
          <MenuLink key={entry.label} entry={entry} />
        ),
      )}
    </ul>
  );
}
