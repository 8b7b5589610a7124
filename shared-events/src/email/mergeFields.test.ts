import { EmailDraft } from './emailSends.js';
import {
  MERGE_FIELDS,
  fillMergeFields,
  mergeFieldProblem,
  unknownMergeFields,
} from './mergeFields.js';

const values = Object.fromEntries(MERGE_FIELDS.map((f) => [f.key, `<${f.key}>`])) as Parameters<
  typeof fillMergeFields
>[1];

describe('merge fields', () => {
  it('fills each known field, however it is spaced, and leaves unknown ones as written', () => {
    expect(fillMergeFields('Dear {{firstName}} {{ lastName }}, {{nickname}}', values)).toBe(
      'Dear <firstName> <lastName>, {{nickname}}',
    );
    expect(fillMergeFields('No fields here.', values)).toBe('No fields here.');
  });

  it('names the unknown fields once each, in words', () => {
    expect(unknownMergeFields('{{a}} {{firstName}} {{b}} {{a}}')).toEqual(['a', 'b']);
    expect(mergeFieldProblem('Hi {{nickname}}')).toBe(
      '{{nickname}} is not a merge field Allot knows.',
    );
    expect(mergeFieldProblem('{{x}} {{y}}')).toBe('{{x}}, {{y}} are not merge fields Allot knows.');
    expect(mergeFieldProblem('Hi {{fullName}}')).toBeNull();
  });

  it('refuses a draft with an unknown field, a subject of two lines or nothing to say', () => {
    expect(EmailDraft.safeParse({ subject: 'Hello', body: 'Dear {{firstName}}' }).success).toBe(
      true,
    );
    const unknown = EmailDraft.safeParse({ subject: 'Hello {{who}}', body: 'Hi' });
    expect(unknown.error?.issues).toEqual([
      expect.objectContaining({
        path: ['subject'],
        message: '{{who}} is not a merge field Allot knows.',
      }),
    ]);
    expect(EmailDraft.safeParse({ subject: 'Two\nlines', body: 'Hi' }).success).toBe(false);
    expect(EmailDraft.safeParse({ subject: 'Hello', body: '   ' }).success).toBe(false);
  });
});
