import { Button, Menu, MenuItem, Popover, type IconName, type Intent } from '@blueprintjs/core';
import { AppTooltip } from '../AppTooltip.js';
import './components.css';

/** One action on a table row. */
export interface RowActionItem {
  key: string;
  icon: IconName;
  /** What it does, shown in the More actions menu: "History". */
  text: string;
  /**
   * The accessible name, naming the row so no two rows' buttons share it: "History of BIOL 101
   * 001 (Fall 2026)". An inline button shows it as its tooltip; a menu item's contains its text.
   */
  label: string;
  onClick: () => void;
  intent?: Intent;
  disabled?: boolean;
  loading?: boolean;
}

/** An icon button whose tooltip is its accessible name. */
export function RowActionButton({ action }: { action: RowActionItem }) {
  return (
    <AppTooltip content={action.label} placement="top">
      <Button
        size="small"
        variant="minimal"
        icon={action.icon}
        aria-label={action.label}
        disabled={action.disabled ?? false}
        loading={action.loading ?? false}
        onClick={action.onClick}
        {...(action.intent ? { intent: action.intent } : {})}
      />
    </AppTooltip>
  );
}

/** The "More actions" button of a row: its rarer actions in a menu. */
export function MoreActionsMenu({
  rowLabel,
  actions,
}: {
  /** Names the row: "More actions for BIOL 101 001 (Fall 2026)". */
  rowLabel: string;
  actions: readonly RowActionItem[];
}) {
  const label = `More actions for ${rowLabel}`;
  return (
    <Popover
      placement="bottom-start"
      // Escape or a choice puts the keyboard back on the button that opened it.
      shouldReturnFocusOnClose
      content={
        <Menu aria-label={label}>
          {actions.map((a) => (
            <MenuItem
              key={a.key}
              icon={a.icon}
              text={a.text}
              aria-label={a.label}
              disabled={(a.disabled ?? false) || (a.loading ?? false)}
              onClick={a.onClick}
              {...(a.intent ? { intent: a.intent } : {})}
            />
          ))}
        </Menu>
      }
    >
      <AppTooltip content={label} placement="top">
        <Button size="small" variant="minimal" icon="more" aria-label={label} />
      </AppTooltip>
    </Popover>
  );
}

/** Inline buttons fit in a row's actions column: more go into the menu (the rarer ones). */
export const MAX_INLINE_ACTIONS = 2;
const BUTTON_WIDTH = 26;
const CELL_PADDING = 14;

/** The actions column's width for a row of `inline` buttons and, when `more`, the menu button. */
export function rowActionsWidth(inline: number, more: boolean): number {
  const buttons = Math.min(inline, MAX_INLINE_ACTIONS) + (more ? 1 : 0);
  return Math.max(40, buttons * BUTTON_WIDTH + CELL_PADDING);
}

/**
 * A row's actions: the most frequent as icon buttons (at most two), the rest in a "More actions"
 * menu, so the actions column stays narrow however many actions a row has.
 */
export function RowActions({
  rowLabel,
  inline,
  more = [],
  maxInline = MAX_INLINE_ACTIONS,
}: {
  rowLabel: string;
  inline: readonly RowActionItem[];
  more?: readonly RowActionItem[];
  /**
   * How many inline actions are buttons: a short table with room to spare (one record's details)
   * may show every one of them (`Infinity`).
   */
  maxInline?: number;
}) {
  // Past the limit, the extra inline actions lead the menu rather than widen the column.
  const shown = inline.slice(0, maxInline);
  const menu = [...inline.slice(maxInline), ...more];
  return (
    <>
      {shown.map((a) => (
        <RowActionButton key={a.key} action={a} />
      ))}
      {menu.length > 0 && <MoreActionsMenu rowLabel={rowLabel} actions={menu} />}
    </>
  );
}
