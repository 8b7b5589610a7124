import { useState, type FormEvent } from 'react';
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
import {
  PAYROLL_LINE_FIELDS,
  type PayrollLine,
  type PayrollLineField,
} from '@allot/shared-events/browser';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { useLazyClassifyLineQuery } from '../api/classificationApi.js';

const EXAMPLES: Record<PayrollLineField, string> = {
  costCenter: 'e.g. 10-4410',
  earnCode: 'e.g. REG',
  account: 'e.g. 61000',
  positionId: 'e.g. A100',
};

/**
 * The rule tester (docs/effort.md): a sample payroll line, and which rule classifies it — its
 * category and type — with every rule tried before it and why that one did not match.
 */
export function RuleTester({ onClose }: { onClose: () => void }) {
  const [line, setLine] = useState<PayrollLine>({});
  const [classify, result] = useLazyClassifyLineQuery();
  const empty = PAYROLL_LINE_FIELDS.every(({ key }) => !line[key]?.trim());

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!empty) void classify(line, false);
  }

  const answer = result.data;
  return (
    <Dialog isOpen onClose={onClose} title="Test a payroll line" className="allot-rule-tester">
      <form onSubmit={submit}>
        <DialogBody>
          <p>Which rule classifies a line like this one, and why the rules before it did not.</p>
          <div className="allot-rule-tester__fields">
            {PAYROLL_LINE_FIELDS.map(({ key, label }) => (
              <FormGroup key={key} label={label} labelFor={`tester-${key}`}>
                <InputGroup
                  id={`tester-${key}`}
                  value={line[key] ?? ''}
                  placeholder={EXAMPLES[key]}
                  maxLength={100}
                  onValueChange={(value) => setLine((l) => ({ ...l, [key]: value }))}
                />
              </FormGroup>
            ))}
          </div>
          {result.isError && (
            <Callout intent={Intent.DANGER} role="alert">
              {problemOf(result.error).message}
            </Callout>
          )}
          {result.isFetching && <p className="bp6-text-muted">Testing…</p>}
          {answer && !result.isFetching && (
            <section aria-label="How the line is classified" aria-live="polite">
              {answer.rule ? (
                <Callout intent={Intent.SUCCESS} title={`“${answer.rule.name}” classifies it`}>
                  {answer.category?.name ?? 'A category no longer there'}
                  {answer.type ? `, ${answer.type.name}` : ''}.
                </Callout>
              ) : (
                <Callout intent={Intent.WARNING} title="No rule classifies it">
                  {answer.verdicts.length === 0
                    ? 'There are no active rules yet.'
                    : 'The line would stay unclassified: add a rule that matches it, or a catch-all last.'}
                </Callout>
              )}
              {answer.verdicts.length > 0 && (
                <ol className="allot-rule-tester__verdicts">
                  {answer.verdicts.map((v) => (
                    <li key={v.ruleId}>
                      <strong>{v.ruleName}</strong>: {v.matched ? 'matches' : 'does not match'} —{' '}
                      {v.reasons.join('; ')}.
                    </li>
                  ))}
                </ol>
              )}
            </section>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Close" onClick={onClose} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                text="Test"
                // Not "loading": a disabled button would drop the focus out of the dialog,
                // and Escape would no longer close it.
                disabled={empty}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
