import { useState } from 'react';
import { Button, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { CLONE_KINDS, type CloneKind } from '@allot/shared-events/browser';
import {
  useCreateResourceMutation,
  useListResourceQuery,
  type ResourceRow,
} from '../../../lib/api/resourceApi.js';
import { NameDialog } from '../../../components/layout/NameDialog.js';
import { notify } from '../../../lib/notifications/notify.js';

/** A saved blueprint as the page uses it (cloneBlueprints, docs/cloning.md). */
export interface Blueprint {
  id: string;
  name: string;
  kinds: CloneKind[];
  termMapping: Record<string, string | null>;
  shiftMeetingDates: boolean;
  keepInstructors: boolean;
  keepNotes: boolean;
}

const BLUEPRINTS = { path: 'cloneBlueprints', params: { take: 200, skip: 0 } } as const;

function blueprintOf(row: ResourceRow): Blueprint {
  const kinds = Array.isArray(row.kinds)
    ? row.kinds.filter((k): k is CloneKind => CLONE_KINDS.includes(k as CloneKind))
    : [];
  const mapping =
    row.termMapping && typeof row.termMapping === 'object'
      ? (row.termMapping as Record<string, string | null>)
      : {};
  return {
    id: row.id,
    name: typeof row.name === 'string' ? row.name : '',
    kinds,
    termMapping: mapping,
    shiftMeetingDates: row.shiftMeetingDates !== false,
    keepInstructors: row.keepInstructors !== false,
    keepNotes: row.keepNotes === true,
  };
}

/**
 * Choose a saved blueprint (what to copy, where each kind of term goes, the options), or save
 * the choices on the page as one, to clone the same way next year.
 */
export function CloneBlueprints({
  chosen,
  onChoose,
  toSave,
}: {
  chosen: Blueprint | null;
  onChoose: (blueprint: Blueprint | null) => void;
  /** The page's choices as a blueprint (null: not ready to save: no periods or terms yet). */
  toSave: Omit<Blueprint, 'id' | 'name'> | null;
}) {
  const list = useListResourceQuery(BLUEPRINTS);
  const blueprints = (list.data?.rows ?? []).map(blueprintOf);
  const [naming, setNaming] = useState(false);
  const [create, creating] = useCreateResourceMutation();
  const save = async (name: string) => {
    if (!toSave) return;
    const created = await create({
      path: 'cloneBlueprints',
      body: { name, ...toSave },
    }).unwrap();
    setNaming(false);
    onChoose({ id: created.id, name, ...toSave });
    void notify({ message: `Blueprint ${name} saved.`, intent: Intent.SUCCESS });
  };
  return (
    <div className="allot-cloning-blueprints">
      <FormGroup label="Blueprint" labelFor="clone-blueprint">
        <HTMLSelect
          id="clone-blueprint"
          value={chosen?.id ?? ''}
          onChange={(e) => onChoose(blueprints.find((b) => b.id === e.currentTarget.value) ?? null)}
        >
          <option value="">None: choose below</option>
          {blueprints.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <Button
        icon="floppy-disk"
        text="Save as a blueprint…"
        disabled={!toSave}
        onClick={() => setNaming(true)}
      />
      <NameDialog
        isOpen={naming}
        title="Save as a blueprint"
        saving={creating.isLoading}
        onSave={(name) => void save(name).catch(() => undefined)}
        onClose={() => setNaming(false)}
      >
        <p>
          What to copy, where each kind of term goes (by its name without the year) and the options,
          to clone the same way another year.
        </p>
      </NameDialog>
    </div>
  );
}
