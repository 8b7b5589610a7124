import { Writable } from 'node:stream';
import type { RecordedEvent } from '@allot/shared-events';
import { recorded } from '../../../testing/readModelDb.js';

export const PERIOD = 'period-1';

/** A file written to memory: `bytes()` once the writer has ended it. */
export function memoryFile(): Writable & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return Object.assign(sink, { bytes: () => Buffer.concat(chunks) });
}

/**
 * A small plan with every column type in a report: sections with numbers and a coverage (a
 * choice), meetings with dates and a repeat (a choice), users with a boolean and a last sign-in
 * (a date-time), and a text that a spreadsheet would take for a formula.
 */
export function planEvents(sectionCount = 3): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  const revisions = new Map<string, bigint>();
  let minute = 0;
  const emit = (streamId: string, type: string, data: unknown) => {
    const revision = revisions.get(streamId) ?? 0n;
    revisions.set(streamId, revision + 1n);
    minute += 1;
    const at = new Date(Date.UTC(2026, 2, 1, 8, minute));
    events.push(
      recorded(type, data, {
        streamId,
        revision,
        createdAt: at,
        metadata: { actorId: 'user-admin', occurredAt: at.toISOString() },
      }),
    );
  };
  emit(`academicPeriod-${PERIOD}`, 'AcademicPeriodCreated', { id: PERIOD, name: '2026–27' });
  emit('workgroup-wg-bio', 'WorkgroupCreated', { id: 'wg-bio', name: 'Biology', members: [] });
  emit('academicTerm-t1', 'AcademicTermCreated', {
    id: 't1',
    name: 'Fall',
    AcademicPeriodId: PERIOD,
  });
  emit('teachingMode-m1', 'TeachingModeCreated', { id: 'm1', name: 'In person' });
  emit('location-r1', 'LocationCreated', {
    id: 'r1',
    code: 'SSH 120',
    description: null,
    capacity: 40,
  });
  emit('user-u1', 'UserCreated', {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.edu',
    username: 'ada',
    isFaculty: true,
    FinancialData: { pointsRequired: 12 },
  });
  emit('user-u1', 'UserUpdated', { id: 'u1', lastLoginAt: '2026-07-01T22:30:00.000Z' });
  emit('user-u2', 'UserCreated', {
    id: 'u2',
    firstName: '=cmd',
    lastName: 'Müller',
    email: 'mueller@example.edu',
    username: 'mueller',
    isFaculty: false,
  });
  emit('course-c1', 'CourseCreated', {
    id: 'c1',
    courseNumber: 'BIO 101',
    name: 'Cells, "genes" and you',
    sectionCreditHours: 3,
    WorkgroupId: 'wg-bio',
  });
  emit('courseOffering-oc1', 'CourseOfferingCreated', {
    id: 'oc1',
    CourseId: 'c1',
    AcademicPeriodId: PERIOD,
    termModes: [{ AcademicTermId: 't1', TeachingModeId: 'm1' }],
  });
  for (let i = 0; i < sectionCount; i += 1) {
    const id = `s${String(i)}`;
    emit(`section-${id}`, 'SectionCreated', {
      id,
      CourseOfferingId: 'oc1',
      WorkgroupId: 'wg-bio',
      name: `Section ${String(i)}`,
      sectionNumber: String(i + 1).padStart(3, '0'),
      enrollment: 20 + i,
      defaultPoints: null,
      points: i === 0 ? 4.5 : null,
      notes: null,
      TermMode: { AcademicTermId: 't1', TeachingModeId: 'm1' },
      allowOverlap: false,
    });
    if (i < 2) {
      emit(`section-${id}`, 'SectionMeetingsSet', {
        id,
        meetings: [
          {
            id: `m${String(i)}`,
            days: ['MO', 'WE'],
            startTime: '09:00',
            endTime: '10:15',
            startDate: '2026-09-01',
            until: '2026-12-15',
            frequency: i === 0 ? 'weekly' : 'biweekly',
            exceptions: [],
            LocationId: 'r1',
          },
        ],
        overriddenConflicts: [],
        warnings: [],
      });
    }
  }
  emit('section-s0', 'TeachingAssignmentCreated', {
    SectionId: 's0',
    id: 'a1',
    UserId: 'u1',
    share: null,
    notes: null,
    status: 'proposed',
    overriddenConflicts: [],
    warnings: [],
  });
  return events;
}

/** An RFC 4180 reader for the tests: quoted fields, doubled quotes, CRLF records. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
