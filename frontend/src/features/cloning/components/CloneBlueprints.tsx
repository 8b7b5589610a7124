import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { CLONE_KINDS, type CloneKind } from '@allot/shared-events/browser';
import {
  useCreateResourceMutation,
  useListResourceQuery,
  type ResourceRow,
} from '../../../lib/api/resourceApi.js';
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
  const [name, setName] = useState('');
  const [create, creating] = useCreateResourceMutation();
  const save = async () => {
    if (!toSave) return;
    const created = await create({
      path: 'cloneBlueprints',
      body: { name: name.trim(), ...toSave },
    }).unwrap();
    setNaming(false);
    onChoose({ id: created.id, name: name.trim(), ...toSave });
    void notify({ message: `Blueprint ${name.trim()} saved.`, intent: Intent.SUCCESS });
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
        onClick={() => {
          setName('');
          setNaming(true);
        }}
      />
      <Dialog isOpen={naming} title="Save as a blueprint" onClose={() => setNaming(false)}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save().catch(() => undefined);
          }}
        >
          <DialogBody>
            <p>
              What to copy, where each kind of term goes (by its name without the year) and the
              options, to clone the same way another year.
            </p>
            <FormGroup label="Name" labelFor="clone-blueprint-name">
              <InputGroup
                id="clone-blueprint-name"
                autoFocus
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={() => setNaming(false)} />
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  text="Save"
                  disabled={name.trim() === ''}
                  loading={creating.isLoading}
                />
              </>
            }
          />
        </form>
      </Dialog>
    </div>
  );
}
