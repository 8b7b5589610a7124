import { z } from 'zod';
import { defineResource } from '../defineResource.js';
import { recordId } from './fields.js';

/** What a note is about (spec §3 "Note: notableId"): a faculty profile or their preferences. */
export const NOTABLE_TYPES = ['facultyProfile', 'teachingPreferences'] as const;
export type NotableType = (typeof NOTABLE_TYPES)[number];

/**
 * A note staff keep about a faculty member: on their profile, or on their teaching preferences of
 * one period. The notable is the faculty member (`notableId` = their user id). Those who manage
 * instructors write notes; those who read instructors read them. Newest first.
 */
export const notes = defineResource({
  name: 'note',
  eventPrefix: 'Note',
  path: 'notes',
  subject: 'Instructor',
  schema: z.object({
    notableType: z.enum(NOTABLE_TYPES),
    notableId: recordId,
    /** The period of a note on teaching preferences; none for a profile note. */
    AcademicPeriodId: recordId.nullable().optional(),
    text: z.string().trim().min(1).max(4000),
  }),
  validate(record) {
    return record.notableType === 'teachingPreferences' && !record.AcademicPeriodId
      ? 'A note on teaching preferences names their academic period.'
      : null;
  },
  list: {
    fields: { notableType: 'text', notableId: 'text', AcademicPeriodId: 'text', text: 'text' },
    defaultSort: [['createdAt', 'DESC']],
  },
  references: [
    {
      field: 'notableId',
      resource: 'user',
      message: 'The faculty member of this note does not exist.',
    },
    {
      field: 'AcademicPeriodId',
      resource: 'academicPeriod',
      message: 'The academic period of this note does not exist.',
    },
  ],
  ui: {
    title: 'Notes',
    singular: 'Note',
    description: 'Notes about a faculty member, newest first.',
    fields: {
      text: { label: 'Note', widget: 'textarea' },
    },
  },
  derive: (record) => ({ ...record, AcademicPeriodId: record.AcademicPeriodId ?? null }),
});
