import { useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import type { ImportSpecBody } from '@allot/shared-events/browser';
import { problemOf } from '../../../../lib/errors/serverErrors.js';
import {
  ScheduleFields,
  scheduleDraftOf,
  scheduleError,
  scheduleOf,
  type ScheduleDraft,
} from '../ScheduleFields.js';

/** What a person sets of a saved import here; its kind, columns and values come from the page. */
export type ImportSpecSettings = Pick<
  ImportSpecBody,
  'name' | 'removeMissing' | 'acceptConflicts' | 'source' | 'timeZone' | 'schedule'
>;

type SourceType = 'upload' | 'folder' | 'url';

interface Draft extends ScheduleDraft {
  name: string;
  removeMissing: boolean;
  acceptConflicts: boolean;
  sourceType: SourceType;
  fileName: string;
  url: string;
}

function draftOf(initial: ImportSpecSettings | null): Draft {
  const source = initial?.source ?? null;
  return {
    name: initial?.name ?? '',
    removeMissing: initial?.removeMissing ?? false,
    acceptConflicts: initial?.acceptConflicts ?? false,
    sourceType: source?.type ?? 'upload',
    fileName: source?.type === 'folder' ? source.fileName : '',
    url: source?.type === 'url' ? source.url : 'https://',
    ...scheduleDraftOf(initial?.schedule, initial?.timeZone),
  };
}

type Field = 'name' | 'source' | 'schedule' | 'timeZone';

function errorsOf(draft: Draft): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!draft.name.trim()) errors.name = 'Give the saved import a name.';
  if (draft.sourceType === 'folder' && !draft.fileName.trim()) {
    errors.source = 'Give the name of the file in the import folder.';
  } else if (draft.sourceType === 'folder' && /[\\/]/.test(draft.fileName)) {
    errors.source = 'A file name of the import folder, without folders.';
  }
  if (draft.sourceType === 'url' && !/^https:\/\/[^/\s]+/.test(draft.url.trim())) {
    errors.source = 'Give an address that begins with https://.';
  }
  const schedule = scheduleError(draft);
  if (schedule) errors.schedule = schedule;
  else if (draft.frequency !== 'none' && draft.sourceType === 'upload') {
    errors.source = 'A scheduled import reads its file by itself: choose where from.';
  }
  return errors;
}

function settingsOf(draft: Draft): ImportSpecSettings {
  return {
    name: draft.name.trim(),
    removeMissing: draft.removeMissing,
    acceptConflicts: draft.acceptConflicts,
    source:
      draft.sourceType === 'folder'
        ? { type: 'folder', fileName: draft.fileName.trim() }
        : draft.sourceType === 'url'
          ? { type: 'url', url: draft.url.trim() }
          : null,
    timeZone: draft.timeZone,
    schedule: scheduleOf(draft),
  };
}

/**
 * A saved import's settings, to save a new one or change one: its name, how it treats records
 * its file leaves out and double bookings, where it reads its file by itself (the import folder
 * or an HTTPS address) and when. The save itself is the caller's.
 */
export function ImportSpecDialog({
  title,
  initial = null,
  onSave,
  onClose,
}: {
  title: string;
  initial?: ImportSpecSettings | null;
  onSave: (settings: ImportSpecSettings) => Promise<{ error?: unknown }>;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors({});
    setError(null);
  };
  const field = (id: Field) => ({
    intent: errors[id] ? Intent.DANGER : Intent.NONE,
    helperText: errors[id],
  });
  const save = () => {
    const found = errorsOf(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    void onSave(settingsOf(draft)).then((result) => {
      setSaving(false);
      if (result.error) setError(problemOf(result.error).message);
      else onClose();
    });
  };
  return (
    <Dialog isOpen title={title} icon="floppy-disk" onClose={onClose}>
      <DialogBody>
        <p>
          Its kind, the columns you chose and the value mappings are kept under this name, so next
          time a file imports the same way.
        </p>
        <FormGroup label="Name" labelFor="import-spec-name" {...field('name')}>
          <InputGroup
            id="import-spec-name"
            value={draft.name}
            autoFocus
            onChange={(e) => set({ name: e.currentTarget.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') save();
            }}
          />
        </FormGroup>
        <Checkbox
          checked={draft.removeMissing}
          onChange={(e) => set({ removeMissing: e.currentTarget.checked })}
          label="Remove what the file leaves out"
        />
        <p className="allot-import-muted">
          Records of the periods and terms a file names that none of its rows names are always
          listed in the preview. With this on, a run removes them too (people are deactivated);
          otherwise they stay.
        </p>
        <Checkbox
          checked={draft.acceptConflicts}
          onChange={(e) => set({ acceptConflicts: e.currentTarget.checked })}
          label="Accept the double bookings the file holds"
        />
        <p className="allot-import-muted">
          A room or an instructor booked twice at once (cross-listed sections sharing a room) is
          then imported as an accepted conflict, as a person may accept one; otherwise that section
          or assignment is refused with the conflict.
        </p>
        <RadioGroup
          label="Where its file comes from"
          selectedValue={draft.sourceType}
          onChange={(e) => set({ sourceType: e.currentTarget.value as SourceType })}
        >
          <Radio value="upload" label="Files people upload here" />
          <Radio value="folder" label="A file of the import folder (an SIS’s nightly extract)" />
          <Radio value="url" label="An HTTPS address" />
        </RadioGroup>
        {draft.sourceType === 'folder' && (
          <FormGroup label="File name" labelFor="import-spec-file" {...field('source')}>
            <InputGroup
              id="import-spec-file"
              value={draft.fileName}
              placeholder="sections.csv"
              onChange={(e) => set({ fileName: e.currentTarget.value })}
            />
          </FormGroup>
        )}
        {draft.sourceType === 'url' && (
          <FormGroup label="Address" labelFor="import-spec-url" {...field('source')}>
            <InputGroup
              id="import-spec-url"
              value={draft.url}
              onChange={(e) => set({ url: e.currentTarget.value })}
            />
          </FormGroup>
        )}
        {draft.sourceType === 'upload' && errors.source && (
          <Callout intent={Intent.DANGER}>{errors.source}</Callout>
        )}
        <ScheduleFields
          idPrefix="import-spec"
          draft={draft}
          onChange={set}
          error={errors.schedule}
          timeZoneError={errors.timeZone}
          timeZoneNote="Each run reads the file as it is then, as the person who saved this last, and its owner sees it in the runs below."
        />
        {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Save" loading={saving} onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}
