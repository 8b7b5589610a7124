import type { OfferingTermMode } from '../resources/kinds/courseOfferings.js';
import type { TermMode } from '../teaching/section/fields.js';

/*
 * What a clone is planned from (docs/cloning.md): the source period's records and what the target
 * holds already, read by the projection service from its read models and planned by the command
 * service. Types only.
 */

/** A period or a term: when it starts (ISO date), for the distance meetings move. */
export interface Dated {
  id: string;
  name: string;
  startDate: string;
}

export interface SourceOffering {
  id: string;
  /** How the preview names it: "BIOL 101 Principles of Biology I". */
  label: string;
  CourseId: string;
  termModes: readonly OfferingTermMode[];
}

/** A meeting as the section holds it (only what a copy carries over is named). */
export interface SourceMeeting {
  id: string;
  startDate: string;
  until?: string | null | undefined;
  exceptions?: readonly string[] | undefined;
  [field: string]: unknown;
}

export interface SourceSection {
  id: string;
  /** How the preview names it: "BIOL 101-001". */
  label: string;
  CourseOfferingId: string;
  WorkgroupId: string;
  name: string;
  sectionNumber: string;
  enrollment: number | null;
  defaultPoints: number | null;
  points: number | null;
  notes: string | null;
  TermMode: TermMode | null;
  allowOverlap: boolean;
  meetings: readonly SourceMeeting[];
}

export interface SourceAssignment {
  id: string;
  /** How the preview names it: "Ada Lovelace on BIOL 101-001". */
  label: string;
  SectionId: string;
  UserId: string;
  share: number | null;
  notes: string | null;
  withdrawn: boolean;
}

export interface SourceAdministrativeAssignment {
  id: string;
  /** How the preview names it: "Department Chair: Ada Lovelace". */
  label: string;
  UserId: string;
  AdministrativeAssignmentTypeId: string;
  AcademicTermId: string | null;
  points: number;
  takesWholeTerm: boolean;
  notes: string | null;
}

/** The two periods as they stand: what the source holds, what the target has already. */
export interface CloneSnapshot {
  source: {
    period: Dated;
    terms: readonly Dated[];
    offerings: readonly SourceOffering[];
    sections: readonly SourceSection[];
    assignments: readonly SourceAssignment[];
    administrativeAssignments: readonly SourceAdministrativeAssignment[];
  };
  target: {
    period: Dated;
    terms: readonly Dated[];
    /** The target period's offering of each course, made by hand or by an earlier clone. */
    offeringOfCourse: ReadonlyMap<string, string>;
    /** Ids of records (and assignment ids) the target holds already. */
    existing: ReadonlySet<string>;
  };
}
