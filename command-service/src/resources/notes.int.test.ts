import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { academicPeriods, notes, users } from '@allot/shared-events';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

let db: TestStore;
let t: TestApp;

beforeAll(async () => {
  db = await openTestStore();
  await db.store.appendToStream(users.streamId('ada'), [
    { type: users.eventTypes.created, data: { id: 'ada', firstName: 'Ada', lastName: 'King' } },
  ]);
  await db.store.appendToStream(academicPeriods.streamId('p-1'), [
    { type: academicPeriods.eventTypes.created, data: { id: 'p-1', name: '2026–27' } },
  ]);
  t = await buildTestApp(db.store, {
    ops: rulesOf('academicOpsAdmin', 'ops'),
    business: rulesOf('businessOfficeAdmin', 'business'),
    faculty: rulesOf('faculty', 'ada'),
  });
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const send = (method: string, url: string, as: string, payload?: object) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: t.signedIn(as),
  });

const profileNote = { notableType: 'facultyProfile', notableId: 'ada', text: 'Chairs MATH.' };

describe('notes about a faculty member (spec §3 Note)', () => {
  it('are written by those who manage instructors and refused to others (403)', async () => {
    const made = await send('POST', '/api/notes', 'ops', profileNote);
    expect(made.statusCode).toBe(201);
    const { id } = made.json() as { id: string };
    const [event] = await db.events(notes.streamId(id));
    expect(event?.type).toBe('NoteCreated');
    expect(event?.data).toMatchObject({ ...profileNote, AcademicPeriodId: null });

    expect((await send('POST', '/api/notes', 'business', profileNote)).statusCode).toBe(403);
    expect((await send('POST', '/api/notes', 'faculty', profileNote)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/notes/${id}`, 'faculty')).statusCode).toBe(403);
    expect((await send('DELETE', `/api/notes/${id}`, 'ops')).statusCode).toBe(200);
  });

  it('on teaching preferences name their period; the faculty member and period must exist', async () => {
    const missingPeriod = await send('POST', '/api/notes', 'ops', {
      ...profileNote,
      notableType: 'teachingPreferences',
    });
    expect(missingPeriod.statusCode).toBe(422);
    expect((missingPeriod.json() as { message: string }).message).toMatch(/academic period/);
    const unknownPerson = await send('POST', '/api/notes', 'ops', {
      ...profileNote,
      notableId: 'nobody',
    });
    expect(unknownPerson.statusCode).toBe(422);
    const fine = await send('POST', '/api/notes', 'ops', {
      ...profileNote,
      notableType: 'teachingPreferences',
      AcademicPeriodId: 'p-1',
    });
    expect(fine.statusCode).toBe(201);
    const empty = await send('POST', '/api/notes', 'ops', { ...profileNote, text: '   ' });
    expect(empty.statusCode).toBe(400);
  });
});
