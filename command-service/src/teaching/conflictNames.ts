import {
  conflictRefusal,
  courseOfferings,
  courses,
  type ConflictNames,
  type EventStore,
} from '@allot/shared-events';
import { refreshedRecordIndex } from '../resources/recordIndex.js';
import type { SectionScheduleIndex } from './scheduleIndex.js';
import { ScheduleConflictError } from './translateRefusal.js';

/**
 * The names a refused schedule's sentence needs (the other section by course and section number,
 * the instructor, the room), read only when a conflict refuses: the decider knows ids alone.
 */
async function conflictNames(
  store: EventStore,
  index: SectionScheduleIndex,
): Promise<ConflictNames> {
  const [offerings, catalog] = await Promise.all([
    refreshedRecordIndex(store, courseOfferings),
    refreshedRecordIndex(store, courses),
  ]);
  return {
    section(SectionId) {
      const naming = index.sectionNaming(SectionId);
      if (!naming) return null;
      const offering = offerings.live(naming.CourseOfferingId, (id) =>
        courseOfferings.streamId(id),
      );
      const course = offering
        ? catalog.live(String(offering.CourseId), (id) => courses.streamId(id))
        : null;
      const number = course ? String(course.courseNumber) : null;
      return number ? `${number} ${naming.sectionNumber}` : `section ${naming.sectionNumber}`;
    },
    person: (UserId) => index.userFacts(UserId)?.name ?? null,
    location: (LocationId) => index.locationCode(LocationId),
  };
}

/** Runs a section write; a refusal for conflicts comes back worded with their names. */
export async function withNamedConflicts<T>(
  store: EventStore,
  index: SectionScheduleIndex | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof ScheduleConflictError) || !index) throw error;
    const names = await conflictNames(store, index);
    throw new ScheduleConflictError(conflictRefusal(error.conflicts, names), error.conflicts);
  }
}
