import {
  deterministicId,
  type CloneKind,
  type CloneSettings,
  type CloneSnapshot,
  type Dated,
  type OfferingTermMode,
  type SourceAdministrativeAssignment,
  type SourceSection,
} from '@allot/shared-events';

/** One record to create, under the id its source gives it in the target (idempotent). */
export interface PlannedCreate<Data> {
  sourceId: string;
  id: string;
  /** Created by an earlier run (or, for an offering, the target's own): nothing to write. */
  exists: boolean;
  data: Data;
}

export interface NotMappable {
  kind: CloneKind;
  sourceId: string;
  /** In words, for the preview: why it cannot be copied. */
  reason: string;
}

export interface ClonePlan {
  offerings: PlannedCreate<{ CourseId: string; termModes: OfferingTermMode[] }>[];
  sections: PlannedCreate<Omit<SourceSection, 'id' | 'label'>>[];
  assignments: PlannedCreate<{
    SectionId: string;
    UserId: string;
    share: number | null;
    notes: string | null;
  }>[];
  administrativeAssignments: PlannedCreate<
    Omit<SourceAdministrativeAssignment, 'id' | 'label'> & { AcademicPeriodId: string }
  >[];
  notMappable: NotMappable[];
}

/** The id a source record gets in the target period: the same on every run (idempotent). */
export function cloneId(kind: CloneKind, targetPeriodId: string, sourceId: string): string {
  return deterministicId(`clone/${kind}/${targetPeriodId}/${sourceId}`);
}

/** A section's own fields, without the id and the preview's label. */
function fieldsOf({ id: _id, label: _label, ...fields }: SourceSection) {
  return fields;
}

const DAY_MS = 86_400_000;
const days = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const shifted = (date: string, by: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);

/**
 * What a clone of `settings` would create (docs/cloning.md), worked out from the two periods
 * alone, so a preview and the run agree. Every record is created under `cloneId` of its source,
 * so a second run finds it there and creates nothing new. Terms map as the settings say; what lies
 * in an unmapped term is listed as not mappable, with the reason. Meetings move by the distance
 * between their mapped terms (else between the periods) when asked, keep their rooms, and drop
 * their exceptions: a holiday or a cancelled class of one year is not the next one's (DOMAIN).
 * Withdrawn assignments are not copied; copied ones start proposed.
 */
export function planClone(settings: CloneSettings, snapshot: CloneSnapshot): ClonePlan {
  const { source, target } = snapshot;
  const wants = new Set(settings.kinds);
  const targetId = target.period.id;
  const sourceTerm = new Map(source.terms.map((t) => [t.id, t]));
  const targetTerm = new Map(target.terms.map((t) => [t.id, t]));
  const mapped = (termId: string): Dated | null => {
    const to = settings.termMapping[termId];
    return to ? (targetTerm.get(to) ?? null) : null;
  };
  const termName = (termId: string) => sourceTerm.get(termId)?.name ?? 'its term';
  const unmappedTerm = (termId: string) =>
    `${termName(termId)} has no term of ${target.period.name} mapped to it.`;
  const plan: ClonePlan = {
    offerings: [],
    sections: [],
    assignments: [],
    administrativeAssignments: [],
    notMappable: [],
  };

  // Offerings: the target's own offering of the course is used as it is; else one is created.
  const targetOffering = new Map<string, string>();
  for (const offering of source.offerings) {
    const own = target.offeringOfCourse.get(offering.CourseId);
    const id = own ?? cloneId('offerings', targetId, offering.id);
    if (wants.has('offerings')) {
      const termModes = offering.termModes.flatMap((m) => {
        const to = mapped(m.AcademicTermId);
        return to ? [{ AcademicTermId: to.id, TeachingModeId: m.TeachingModeId }] : [];
      });
      plan.offerings.push({
        sourceId: offering.id,
        id,
        exists: own !== undefined || target.existing.has(id),
        data: { CourseId: offering.CourseId, termModes },
      });
      targetOffering.set(offering.id, id);
    } else if (own !== undefined) {
      targetOffering.set(offering.id, own);
    }
  }

  const periodShift = days(source.period.startDate, target.period.startDate);
  const targetSection = new Map<string, string>();
  if (wants.has('sections')) {
    for (const section of source.sections) {
      const offeringId = targetOffering.get(section.CourseOfferingId);
      if (!offeringId) {
        plan.notMappable.push({
          kind: 'sections',
          sourceId: section.id,
          reason: `Its course is not offered in ${target.period.name}: copy the offerings too.`,
        });
        continue;
      }
      const term = section.TermMode ? mapped(section.TermMode.AcademicTermId) : null;
      if (section.TermMode && !term) {
        plan.notMappable.push({
          kind: 'sections',
          sourceId: section.id,
          reason: unmappedTerm(section.TermMode.AcademicTermId),
        });
        continue;
      }
      const from = section.TermMode ? sourceTerm.get(section.TermMode.AcademicTermId) : undefined;
      const by = !settings.shiftMeetingDates
        ? 0
        : term && from
          ? days(from.startDate, term.startDate)
          : periodShift;
      const id = cloneId('sections', targetId, section.id);
      targetSection.set(section.id, id);
      plan.sections.push({
        sourceId: section.id,
        id,
        exists: target.existing.has(id),
        data: {
          ...fieldsOf(section),
          CourseOfferingId: offeringId,
          notes: settings.keepNotes ? section.notes : null,
          TermMode:
            section.TermMode && term
              ? { AcademicTermId: term.id, TeachingModeId: section.TermMode.TeachingModeId }
              : null,
          meetings: section.meetings.map(({ exceptions: _dropped, ...meeting }) => ({
            ...meeting,
            startDate: shifted(meeting.startDate, by),
            ...(meeting.until ? { until: shifted(meeting.until, by) } : {}),
          })),
        },
      });
    }
  }

  if (wants.has('teachingAssignments') && settings.keepInstructors) {
    for (const assignment of source.assignments) {
      if (assignment.withdrawn) continue;
      const sectionId =
        targetSection.get(assignment.SectionId) ??
        (target.existing.has(cloneId('sections', targetId, assignment.SectionId))
          ? cloneId('sections', targetId, assignment.SectionId)
          : undefined);
      if (!sectionId) {
        plan.notMappable.push({
          kind: 'teachingAssignments',
          sourceId: assignment.id,
          reason: `Its section is not copied to ${target.period.name}.`,
        });
        continue;
      }
      const id = cloneId('teachingAssignments', targetId, assignment.id);
      plan.assignments.push({
        sourceId: assignment.id,
        id,
        exists: target.existing.has(id),
        data: {
          SectionId: sectionId,
          UserId: assignment.UserId,
          share: assignment.share,
          notes: settings.keepNotes ? assignment.notes : null,
        },
      });
    }
  }

  if (wants.has('administrativeAssignments') && settings.keepInstructors) {
    for (const duty of source.administrativeAssignments) {
      const term = duty.AcademicTermId ? mapped(duty.AcademicTermId) : null;
      if (duty.AcademicTermId && !term) {
        plan.notMappable.push({
          kind: 'administrativeAssignments',
          sourceId: duty.id,
          reason: unmappedTerm(duty.AcademicTermId),
        });
        continue;
      }
      const id = cloneId('administrativeAssignments', targetId, duty.id);
      const { id: _source, label: _label, ...fields } = duty;
      plan.administrativeAssignments.push({
        sourceId: duty.id,
        id,
        exists: target.existing.has(id),
        data: {
          ...fields,
          AcademicPeriodId: targetId,
          AcademicTermId: term ? term.id : null,
          notes: settings.keepNotes ? duty.notes : null,
        },
      });
    }
  }
  return plan;
}
