import { Button, Checkbox, Divider, Popover } from '@blueprintjs/core';
import type { ColumnChoice } from './useColumnVisibility.js';
import type { ColumnVisibility } from './useColumnVisibility.js';
import './components.css';

/**
 * The "Columns" button of a table: a checkbox per column to show or hide it, and "Reset to
 * default"; where the table lets the user order its columns (`visibility.move`), up and down
 * buttons beside each shown one. Blueprint's Popover moves the focus into it on open and back on Escape, so it works
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
  const shown = visibility.choices.filter((c) => c.visible);
  const shownCount = shown.length;
  const { move } = visibility;
  const box = (c: ColumnChoice) => (
    <Checkbox
      key={c.key}
      label={c.label}
      checked={c.visible}
      disabled={c.visible && shownCount === 1}
      onChange={(e) => visibility.setVisible(c.key, e.currentTarget.checked)}
    />
  );
  return (
    <Popover
      placement="bottom-end"
      // Escape or a choice puts the keyboard back on the button that opened it.
      shouldReturnFocusOnClose
      content={
        <div className="allot-column-chooser">
          <div role="group" aria-label={`Columns of ${tableName}`}>
            {move && (
              <p className="allot-column-chooser__hint">Shown left to right in this order.</p>
            )}
            {visibility.choices.map((c) => {
              if (!move || !c.visible) return box(c);
              const at = shown.indexOf(c);
              return (
                <div key={c.key} className="allot-column-chooser__row">
                  {box(c)}
                  <Button
                    size="small"
                    variant="minimal"
                    icon="arrow-up"
                    aria-label={`Move ${c.label} up`}
                    disabled={at === 0}
                    onClick={() => move(c.key, -1)}
                  />
                  <Button
                    size="small"
                    variant="minimal"
                    icon="arrow-down"
                    aria-label={`Move ${c.label} down`}
                    disabled={at === shownCount - 1}
                    onClick={() => move(c.key, 1)}
                  />
                </div>
              );
            })}
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
