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
} from '@blueprintjs/core';
import { problemOf } from '../../../../lib/errors/serverErrors.js';

/** What a person sets of a saved import here; its kind, columns and values come from the page. */
export interface ImportSpecSettings {
  name: string;
  removeMissing: boolean;
  acceptConflicts: boolean;
}

/**
 * A saved import's name and how it treats records its file leaves out, to save a new one or
 * change one; the save itself is the caller's.
 */
export function ImportSpecDialog({
  title,
  initial = { name: '', removeMissing: false, acceptConflicts: false },
  onSave,
  onClose,
}: {
  title: string;
  initial?: ImportSpecSettings;
  onSave: (settings: ImportSpecSettings) => Promise<{ error?: unknown }>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [removeMissing, setRemoveMissing] = useState(initial.removeMissing);
  const [acceptConflicts, setAcceptConflicts] = useState(initial.acceptConflicts);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!name.trim()) {
      setError('Give the saved import a name.');
      return;
    }
    setSaving(true);
    void onSave({ name: name.trim(), removeMissing, acceptConflicts }).then((result) => {
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
        <FormGroup
          label="Name"
          labelFor="import-spec-name"
          intent={error ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="import-spec-name"
            value={name}
            autoFocus
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') save();
            }}
          />
        </FormGroup>
        <Checkbox
          checked={removeMissing}
          onChange={(e) => setRemoveMissing(e.currentTarget.checked)}
          label="Remove what the file leaves out"
        />
        <p className="allot-import-muted">
          Records of the periods and terms a file names that none of its rows names are always
          listed in the preview. With this on, a run removes them too (people are deactivated);
          otherwise they stay.
        </p>
        <Checkbox
          checked={acceptConflicts}
          onChange={(e) => setAcceptConflicts(e.currentTarget.checked)}
          label="Accept the double bookings the file holds"
        />
        <p className="allot-import-muted">
          A room or an instructor booked twice at once (cross-listed sections sharing a room) is
          then imported as an accepted conflict, as a person may accept one; otherwise that section
          or assignment is refused with the conflict.
        </p>
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
