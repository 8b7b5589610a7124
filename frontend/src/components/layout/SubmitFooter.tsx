import { Button, DialogFooter, Intent } from '@blueprintjs/core';

export interface SubmitFooterProps {
  /** Closes the dialog without submitting. */
  onCancel: () => void;
  /** The submit button's words: what the dialog does ("Save meetings", "Create key"). */
  submitText?: string;
  /** While the submission runs: the submit button spins and Cancel waits for it. */
  busy?: boolean;
  /** Nothing to submit yet (a required field empty). */
  disabled?: boolean;
}

/**
 * A form dialog's footer: Cancel, then the primary submit button, which Enter in the form also
 * presses. One footer for every form dialog, so they all read and behave alike.
 */
export function SubmitFooter({
  onCancel,
  submitText = 'Save',
  busy = false,
  disabled = false,
}: SubmitFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text="Cancel" onClick={onCancel} disabled={busy} />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text={submitText}
            disabled={disabled}
            loading={busy}
          />
        </>
      }
    />
  );
}
