import { Button, Checkbox, Divider, Popover } from '@blueprintjs/core';
import type { ColumnVisibility } from './useColumnVisibility.js';
import './components.css';

/**
 * The "Columns" button of a table: a checkbox per column to show or hide it, and "Reset to
 * default". Blueprint's Popover moves the focus into it on open and back on Escape, so it works
 * from the keyboard; the last column shown cannot be unticked.
 */
export function ColumnChooser({
  visibility,
  tableName,
}: {
  visibility: ColumnVisibility;
  /** What the table lists ("Sections"), naming the group of checkboxes. */
  tableName: string;
}) {
  const shownCount = visibility.choices.filter((c) => c.visible).length;
  return (
    <Popover
      placement="bottom-end"
      // Escape or a choice puts the keyboard back on the button that opened it.
      shouldReturnFocusOnClose
      content={
        <div className="allot-column-chooser">
          <div role="group" aria-label={`Columns of ${tableName}`}>
            {visibility.choices.map((c) => (
              <Checkbox
                key={c.key}
                label={c.label}
                checked={c.visible}
                disabled={c.visible && shownCount === 1}
                onChange={(e) => visibility.setVisible(c.key, e.currentTarget.checked)}
              />
            ))}
          </div>
          <Divider />
          <Button
            size="small"
            variant="minimal"
            icon="reset"
            text="Reset to default"
            disabled={!visibility.changed}
            onClick={visibility.reset}
          />
        </div>
      }
    >
      <Button
        size="small"
        variant="minimal"
        icon="column-layout"
        endIcon="caret-down"
        text="Columns"
        disabled={!visibility.ready}
      />
    </Popover>
  );
}
