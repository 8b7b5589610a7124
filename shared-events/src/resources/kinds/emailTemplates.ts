import { z } from 'zod';
import { defineResource } from '../defineResource.js';
import { mergeFieldProblem } from '../../email/mergeFields.js';
import { MAX_EMAIL_BODY, MAX_EMAIL_SUBJECT } from '../../email/emailSends.js';

/**
 * A saved message to instructors (docs/email.md): a subject and body with merge fields, reused on
 * Email Instructors. Each save is an event, so a template is versioned by its revision (version =
 * revision + 1, shown with each send that used it) and its earlier texts are in its history.
 */
export const emailTemplates = defineResource({
  name: 'emailTemplate',
  eventPrefix: 'EmailTemplate',
  path: 'emailTemplates',
  subject: 'Email',
  schema: z.object({
    name: z.string().trim().min(1).max(200),
    subject: z
      .string()
      .trim()
      .min(1)
      .max(MAX_EMAIL_SUBJECT)
      .refine((s) => !/[\r\n]/.test(s), 'A subject is one line.'),
    body: z.string().trim().min(1).max(MAX_EMAIL_BODY),
  }),
  list: {
    fields: { name: 'text', subject: 'text' },
    defaultSort: [['name', 'ASC']],
  },
  unique: [
    { fields: ['name'], message: 'A template with this name exists already.', ignoreSpacing: true },
  ],
  ui: {
    title: 'E-mail Templates',
    singular: 'Template',
    description: 'Messages to instructors, saved for reuse.',
    fields: {
      name: { label: 'Name' },
      subject: { label: 'Subject' },
      body: { label: 'Message', widget: 'textarea', column: false },
    },
  },
  validate: (record) => {
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return mergeFieldProblem(text(record.subject)) ?? mergeFieldProblem(text(record.body));
  },
});
