import { useState, type ReactNode } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { SubmitFooter } from './SubmitFooter.js';

/**
 * "Save as …": asks for a name, then `onSave(name)` (trimmed). The name starts empty each time
 * it opens; Save waits for a name and shows `saving` while the caller writes.
 */
export function NameDialog({
  isOpen,
  title,
  saving,
  onSave,
  onClose,
  children,
}: {
  isOpen: boolean;
  title: string;
  saving: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
  /** Words above the name (what is saved). */
  children?: ReactNode;
}) {
  const [name, setName] = useState('');
  return (
    <Dialog isOpen={isOpen} title={title} onClose={onClose} onOpening={() => setName('')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() !== '') onSave(name.trim());
        }}
      >
        <DialogBody>
          {children}
          <FormGroup label="Name" labelFor="allot-name-dialog-name">
            <InputGroup
              id="allot-name-dialog-name"
              autoFocus
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </FormGroup>
        </DialogBody>
        <SubmitFooter onCancel={onClose} busy={saving} disabled={name.trim() === ''} />
      </form>
    </Dialog>
  );
}
