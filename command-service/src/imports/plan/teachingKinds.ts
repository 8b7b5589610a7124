import { randomUUID } from 'node:crypto';
import {
  IMPORT_KINDS,
  Meeting,
  type ImportKindName,
  type ResourceRecord,
  type Weekday,
} from '@allot/shared-events';
import type { ImportWorld } from '../world.js';
import {
  RowReader,
  sameValue,
  shown,
  type Change,
  type PlannedCommand,
  type PlannedRecord,
  type SourceRow,
} from './rows.js';

type TermMode = { AcademicTermId: string; TeachingModeId: string };

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** What names a section in a row: its offering, term mode and number, resolved; null if not. */
interface SectionKey {
  key: string;
  course: ResourceRecord;
  period: ResourceRecord;
  offering: ResourceRecord | null;
  TermMode: TermMode | null;
  sectionNumber: string;
}

/** Reads the columns naming a section (course, period, term, mode, number) of one row. */
function sectionKeyOf(reader: RowReader, world: ImportWorld): SectionKey | null {
  const course = reader.ref(
    'courseNumber',
    (n) => world.find('course', 'courseNumber', n)?.id ?? null,
    'course',
  );
  const period = reader.ref(
    'period',
    (n) => world.find('academicPeriod', 'name', n)?.id ?? null,
    'academic period',
  );
  const sectionNumber = reader.text('sectionNumber');
  if (sectionNumber === null && reader.has('sectionNumber')) {
    reader.refuse('sectionNumber', 'Section number is required.');
  }
  const term = period
    ? reader.ref('term', (n) => world.term(period, n)?.id ?? null, 'term in that period')
    : null;
  const mode = reader.ref(
    'teachingMode',
    (n) => world.find('teachingMode', 'name', n)?.id ?? null,
    'teaching mode',
  );
  if ((term === null) !== (mode === null) && reader.problems.length === 0) {
    reader.refuse(
      term === null ? 'term' : 'teachingMode',
      'Give both the term and the teaching mode, or neither.',
    );
  }
  if (!course || !period || sectionNumber === null || reader.problems.length > 0) return null;
  const courseRecord = world.byId('course', course)!;
  const periodRecord = world.byId('academicPeriod', period)!;
  return {
    key: [
      text(courseRecord.courseNumber),
      text(periodRecord.name),
      reader.text('term'),
      reader.text('teachingMode'),
      sectionNumber,
    ]
      .filter(Boolean)
      .join(' · '),
    course: courseRecord,
    period: periodRecord,
    offering: world.offering(course, period),
    TermMode: term && mode ? { AcademicTermId: term, TeachingModeId: mode } : null,
    sectionNumber,
  };
}

/** Rows grouped by the record they describe, in the file's order; the key null when unreadable. */
function groupRows<T>(
  rows: readonly SourceRow[],
  keyOf: (reader: RowReader) => { key: string; value: T } | null,
  kind: ImportKindName,
) {
  const groups = new Map<string, { value: T; readers: RowReader[] }>();
  const unreadable: RowReader[] = [];
  for (const source of rows) {
    const reader = new RowReader(IMPORT_KINDS[kind], source);
    const found = keyOf(reader);
    if (!found) {
      unreadable.push(reader);
      continue;
    }
    const group = groups.get(found.key.toLowerCase());
    if (group) group.readers.push(reader);
    else groups.set(found.key.toLowerCase(), { value: found.value, readers: [reader] });
  }
  return { groups: [...groups.values()], unreadable };
}

/** A row whose key cells cannot be read: refused, and no record of Allot is known to be its. */
const refusedRow = (reader: RowReader, key: string): PlannedRecord => ({
  key,
  rows: [reader.source.row],
  action: 'refused',
  changes: [],
  problems: reader.problems,
  commands: [],
  matched: null,
  keyUnread: true,
});

function outcome(
  key: string,
  readers: readonly RowReader[],
  changes: Change[],
  commands: PlannedCommand[],
  created: boolean,
  matched: string | null = null,
): PlannedRecord {
  const problems = readers.flatMap((r) => r.problems);
  return {
    key,
    matched,
    rows: readers.map((r) => r.source.row),
    action:
      problems.length > 0
        ? 'refused'
        : created
          ? 'create'
          : commands.length > 0
            ? 'update'
            : 'unchanged',
    changes: problems.length > 0 ? [] : changes,
    problems,
    commands: problems.length > 0 ? [] : commands,
  };
}

/** Course offerings: a row per term and mode; term modes are added, never taken away. */
function planOfferings(rows: readonly SourceRow[], world: ImportWorld): PlannedRecord[] {
  const { groups, unreadable } = groupRows(
    rows,
    (reader) => {
      const course = reader.ref(
        'courseNumber',
        (n) => world.find('course', 'courseNumber', n)?.id ?? null,
        'course',
      );
      const period = reader.ref(
        'period',
        (n) => world.find('academicPeriod', 'name', n)?.id ?? null,
        'academic period',
      );
      if (!course || !period) return null;
      return {
        key: `${reader.text('courseNumber') ?? ''} · ${reader.text('period') ?? ''}`,
        value: { course, period },
      };
    },
    'courseOfferings',
  );
  const planned = unreadable.map((r) =>
    refusedRow(r, [r.text('courseNumber'), r.text('period')].filter(Boolean).join(' · ')),
  );
  for (const { value, readers } of groups) {
    const key = `${text(world.byId('course', value.course)?.courseNumber)} · ${text(world.byId('academicPeriod', value.period)?.name)}`;
    const modes: TermMode[] = [];
    for (const reader of readers) {
      const term = reader.ref(
        'term',
        (n) => world.term(value.period, n)?.id ?? null,
        'term in that period',
      );
      const mode = reader.ref(
        'teachingMode',
        (n) => world.find('teachingMode', 'name', n)?.id ?? null,
        'teaching mode',
      );
      if ((term === null) !== (mode === null)) {
        reader.refuse(
          term === null ? 'term' : 'teachingMode',
          'Give both the term and the teaching mode, or neither.',
        );
      } else if (term && mode) modes.push({ AcademicTermId: term, TeachingModeId: mode });
    }
    const existing = world.offering(value.course, value.period);
    const had = (existing?.termModes ?? []) as TermMode[];
    const same = (a: TermMode, b: TermMode) =>
      a.AcademicTermId === b.AcademicTermId && a.TeachingModeId === b.TeachingModeId;
    const added = modes.filter(
      (m, i) => !had.some((h) => same(h, m)) && modes.findIndex((x) => same(x, m)) === i,
    );
    const named = (m: TermMode) =>
      `${text(world.byId('academicTerm', m.AcademicTermId)?.name)} ${text(world.byId('teachingMode', m.TeachingModeId)?.name)}`;
    if (!existing) {
      planned.push(
        outcome(
          key,
          readers,
          [],
          [
            {
              name: 'CreateCourseOffering',
              payload: {
                id: randomUUID(),
                CourseId: value.course,
                AcademicPeriodId: value.period,
                termModes: added,
              },
            },
          ],
          true,
        ),
      );
      continue;
    }
    planned.push(
      outcome(
        key,
        readers,
        added.length > 0
          ? [
              {
                label: 'Terms and teaching modes',
                from: shown(had.map(named)),
                to: shown([...had, ...added].map(named)),
              },
            ]
          : [],
        added.length > 0
          ? [
              {
                name: 'UpdateCourseOffering',
                payload: { id: existing.id, termModes: [...had, ...added] },
              },
            ]
          : [],
        false,
        existing.id,
      ),
    );
  }
  return planned;
}

/** A meeting as compared: its pattern and room, not its id or exceptions. */
const patternOf = (
  m: Pick<Meeting, 'days' | 'startTime' | 'endTime' | 'startDate' | 'until' | 'LocationId'>,
) =>
  [m.days.join(''), m.startTime, m.endTime, m.startDate, m.until ?? '', m.LocationId ?? ''].join(
    '|',
  );

function meetingWords(world: ImportWorld, m: Meeting): string {
  const room = m.LocationId ? ` ${text(world.byId('location', m.LocationId)?.code)}` : '';
  return `${m.days.join(' ')} ${m.startTime}–${m.endTime}, ${m.startDate} to ${m.until ?? '?'}${room}`;
}

/** The meeting a row describes; null when the row gives none (days and times empty). */
function meetingOf(
  reader: RowReader,
  world: ImportWorld,
  key: SectionKey,
  index: number,
): Meeting | null {
  const days = reader.value('days') as Weekday[] | null;
  const startTime = reader.value('startTime') as string | null;
  const endTime = reader.value('endTime') as string | null;
  if (!days && !startTime && !endTime) return null;
  if (!days || !startTime || !endTime) {
    // A cell that holds something unreadable is refused already, in its own words.
    const empty = (['days', 'startTime', 'endTime'] as const).find((k) => reader.text(k) === null);
    if (empty) reader.refuse(empty, 'A meeting needs its days, start time and end time.');
    return null;
  }
  const term = key.TermMode ? world.byId('academicTerm', key.TermMode.AcademicTermId) : null;
  const startDate =
    (reader.value('startDate') as string | null) ??
    (text(term?.startDate) || text(key.period.startDate));
  const until =
    (reader.value('endDate') as string | null) ?? (text(term?.endDate) || text(key.period.endDate));
  const LocationId = reader.ref(
    'room',
    (n) => world.find('location', 'code', n)?.id ?? null,
    'room',
  );
  const candidate = {
    id: `m${index + 1}`,
    days,
    startTime,
    endTime,
    startDate,
    until,
    frequency: 'weekly' as const,
    LocationId,
  };
  const checked = Meeting.safeParse(candidate);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? '');
      const column =
        {
          startTime: 'startTime',
          endTime: 'endTime',
          startDate: 'startDate',
          until: 'endDate',
          days: 'days',
        }[field] ?? null;
      reader.refuse(column, issue.message.charAt(0).toUpperCase() + issue.message.slice(1) + '.');
    }
    return null;
  }
  return checked.data;
}

/** Sections with their meetings: a row per meeting, grouped by the section's key. */
async function planSections(
  rows: readonly SourceRow[],
  world: ImportWorld,
): Promise<PlannedRecord[]> {
  const { groups, unreadable } = groupRows(
    rows,
    (reader) => {
      const key = sectionKeyOf(reader, world);
      return key ? { key: key.key, value: key } : null;
    },
    'sections',
  );
  const planned = unreadable.map((r) => refusedRow(r, r.text('sectionNumber') ?? ''));
  for (const { value: key, readers } of groups) {
    const first = readers[0]!;
    if (!key.offering) {
      first.refuse(
        'courseNumber',
        `${text(key.course.courseNumber)} is not offered in ${text(key.period.name)}: import the course offerings first.`,
      );
      planned.push(outcome(key.key, readers, [], [], false));
      continue;
    }
    const existing = await world.section({
      CourseOfferingId: key.offering.id,
      TermMode: key.TermMode,
      sectionNumber: key.sectionNumber,
    });
    const fields: Record<string, unknown> = {};
    if (first.has('name')) fields.name = first.value('name');
    if (first.has('enrollment')) fields.enrollment = first.value('enrollment');
    if (first.has('points')) fields.points = first.value('points');
    const workgroup = first.has('workgroup')
      ? first.ref('workgroup', (n) => world.find('workgroup', 'name', n)?.id ?? null, 'workgroup')
      : null;
    const meetings = readers
      .map((r, i) => meetingOf(r, world, key, i))
      .filter((m): m is Meeting => m !== null);
    const meetingsGiven = readers.some((r) => r.has('days'));
    if (!existing) {
      const WorkgroupId = workgroup ?? (text(key.course.WorkgroupId) || null);
      if (!WorkgroupId) first.refuse('workgroup', 'Name the workgroup: the course has none.');
      const id = randomUUID();
      const commands: PlannedCommand[] = [
        {
          name: 'CreateSection',
          payload: {
            id,
            CourseOfferingId: key.offering.id,
            WorkgroupId,
            sectionNumber: key.sectionNumber,
            TermMode: key.TermMode,
            ...fields,
          },
        },
      ];
      if (meetings.length > 0) commands.push({ name: 'SetMeetings', payload: { id, meetings } });
      planned.push(outcome(key.key, readers, [], commands, true));
      continue;
    }
    const section = existing.section;
    const changes: Change[] = [];
    const update: Record<string, unknown> = {};
    const labels: Record<string, string> = {
      name: 'Name',
      enrollment: 'Enrollment',
      points: 'Points',
    };
    for (const [field, value] of Object.entries(fields)) {
      const before = (section as Record<string, unknown>)[field];
      if (sameValue(before, value)) continue;
      update[field] = value;
      changes.push({ label: labels[field] ?? field, from: shown(before), to: shown(value) });
    }
    if (workgroup && workgroup !== section.WorkgroupId) {
      update.WorkgroupId = workgroup;
      changes.push({
        label: 'Workgroup',
        from: text(world.byId('workgroup', section.WorkgroupId)?.name),
        to: first.text('workgroup') ?? '',
      });
    }
    const commands: PlannedCommand[] = [];
    if (Object.keys(update).length > 0) {
      commands.push({ name: 'UpdateSection', payload: { id: section.id, ...update } });
    }
    if (meetingsGiven) {
      const had = new Map(section.meetings.map((m) => [patternOf(m), m]));
      const wanted = new Set(meetings.map(patternOf));
      const sameMeetings = had.size === wanted.size && [...wanted].every((p) => had.has(p));
      if (!sameMeetings) {
        // A meeting kept as it was keeps its id and exceptions (holidays the file cannot say).
        const next = meetings.map((m) => {
          const kept = had.get(patternOf(m));
          return kept ?? { ...m, id: randomUUID() };
        });
        commands.push({ name: 'SetMeetings', payload: { id: section.id, meetings: next } });
        changes.push({
          label: 'Meetings',
          from: shown(section.meetings.map((m) => meetingWords(world, m))),
          to: shown(meetings.map((m) => meetingWords(world, m))),
        });
      }
    }
    planned.push(outcome(key.key, readers, changes, commands, false, section.id));
  }
  return planned;
}

/** Teaching assignments: the section and the instructor name it; the share is what may change. */
async function planAssignments(
  rows: readonly SourceRow[],
  world: ImportWorld,
): Promise<PlannedRecord[]> {
  const planned: PlannedRecord[] = [];
  const seen = new Map<string, number>();
  for (const source of rows) {
    const reader = new RowReader(IMPORT_KINDS.teachingAssignments, source);
    const key = sectionKeyOf(reader, world);
    const person = reader.ref('instructor', (n) => world.person(n)?.id ?? null, 'instructor');
    const share = reader.has('share') ? (reader.value('share') as number | null) : undefined;
    const name = [key?.key ?? reader.text('sectionNumber'), reader.text('instructor')]
      .filter(Boolean)
      .join(' · ');
    if (!key || !person) {
      planned.push(refusedRow(reader, name));
      continue;
    }
    const twin = seen.get(name.toLowerCase());
    if (twin !== undefined) reader.refuse(null, `Row ${twin} already names ${name}.`);
    seen.set(name.toLowerCase(), source.row);
    const section =
      key.offering &&
      (await world.section({
        CourseOfferingId: key.offering.id,
        TermMode: key.TermMode,
        sectionNumber: key.sectionNumber,
      }));
    if (!section) {
      reader.refuse('sectionNumber', `There is no section ${key.key}: import the sections first.`);
      planned.push(outcome(name, [reader], [], [], false));
      continue;
    }
    const held = Object.values(section.assignments).find(
      (a) => a.UserId === person && a.status !== 'withdrawn',
    );
    if (!held) {
      planned.push(
        outcome(
          name,
          [reader],
          [],
          [
            {
              name: 'AssignInstructor',
              payload: {
                id: section.section.id,
                assignmentId: randomUUID(),
                UserId: person,
                ...(share === undefined ? {} : { share }),
              },
            },
          ],
          true,
        ),
      );
      continue;
    }
    const changed = share !== undefined && !sameValue(held.share, share);
    planned.push(
      outcome(
        name,
        [reader],
        changed ? [{ label: 'Share (%)', from: shown(held.share), to: shown(share) }] : [],
        changed
          ? [
              {
                name: 'ChangeAssignment',
                payload: { id: section.section.id, assignmentId: held.id, share },
              },
            ]
          : [],
        false,
        held.id,
      ),
    );
  }
  return planned;
}

export async function planTeachingRows(
  kind: ImportKindName,
  rows: readonly SourceRow[],
  world: ImportWorld,
): Promise<PlannedRecord[] | null> {
  if (kind === 'courseOfferings') return planOfferings(rows, world);
  if (kind === 'sections') return planSections(rows, world);
  if (kind === 'teachingAssignments') return planAssignments(rows, world);
  return null;
}
