import { useState } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { problemOf } from '../../../../lib/errors/serverErrors.js';

/** Asks for the name a saved import is kept under; the save itself is the caller's. */
export function SaveImportDialog({
  onSave,
  onClose,
}: {
  onSave: (name: string) => Promise<{ error?: unknown }>;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!name.trim()) {
      setError('Give the saved import a name.');
      return;
    }
    setSaving(true);
    void onSave(name.trim()).then((result) => {
      setSaving(false);
      if (result.error) setError(problemOf(result.error).message);
      else onClose();
    });
  };
  return (
    <Dialog isOpen title="Save this import" icon="floppy-disk" onClose={onClose}>
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
