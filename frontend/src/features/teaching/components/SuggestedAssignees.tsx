import { useState } from 'react';
import { Button, Callout, Collapse, Intent, SpinnerSize, Tag } from '@blueprintjs/core';
import { ListBody, loadedRows } from '../../../components/list/ListPage.js';
import { Loading, QueryBody } from '../../../components/list/QueryBody.js';
import { notify } from '../../../lib/notifications/notify.js';
import { problemOf, type ServerProblem } from '../../../lib/errors/serverErrors.js';
import { useAssignInstructorMutation } from '../../../lib/api/sectionsApi.js';
import type { SectionRow } from '../../../lib/domain/sectionTypes.js';
import { signed } from '../../../components/status/AssignmentTags.js';
import { useSuggestedAssigneesQuery, type SuggestedAssignee } from '../api/suggestionsApi.js';
import '../suggestions.css';

/** The score as a tag: green from 80, plain from 60, amber below; blocked red. */
function ScoreTag({ s }: { s: SuggestedAssignee }) {
  const { score, blocked } = s.alignment;
  const intent = blocked
    ? Intent.DANGER
    : score >= 80
      ? Intent.SUCCESS
      : score >= 60
        ? Intent.NONE
        : Intent.WARNING;
  return (
    <Tag minimal intent={intent} className="allot-suggestion__score">
      {blocked ? 'Blocked' : `${String(Math.round(score))} / 100`}
    </Tag>
  );
}

/** The reason a person reads first: the preference (or the first blocker). */
export function shortReason(s: SuggestedAssignee): string {
  const reasons = s.alignment.reasons;
  const first = reasons.find((r) => r.term === 'P') ?? reasons[0];
  return first?.message ?? '';
}

function Candidate({
  s,
  onAssign,
  busy,
}: {
  s: SuggestedAssignee;
  onAssign?: (s: SuggestedAssignee) => void;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const whyId = `why-${s.UserId}`;
  return (
    <li className="allot-suggestion" aria-label={s.name}>
      <div className="allot-suggestion__head">
        <ScoreTag s={s} />
        <strong className="allot-suggestion__name">{s.name}</strong>
        <span className="allot-teaching-muted" title="Points still to assign after this section">
          {signed(s.remainingAfter)} points after
        </span>
        <span className="allot-suggestion__actions">
          <Button
            size="small"
            variant="minimal"
            icon={open ? 'chevron-up' : 'chevron-down'}
            aria-expanded={open}
            aria-controls={whyId}
            text="Why"
            aria-label={`Why ${s.name}`}
            onClick={() => setOpen((o) => !o)}
          />
          {onAssign && (
            <Button
              size="small"
              intent={Intent.PRIMARY}
              icon="add"
              text="Assign"
              aria-label={`Assign ${s.name}`}
              loading={busy}
              onClick={() => onAssign(s)}
            />
          )}
        </span>
      </div>
      <p className="allot-suggestion__reason">{shortReason(s)}</p>
      <Collapse isOpen={open}>
        <ul id={whyId} className="allot-suggestion__why">
          {s.alignment.reasons.map((r, i) => (
            <li key={`${r.code}-${String(i)}`}>
              {r.message}
              {r.contribution !== undefined && (
                <span className="allot-teaching-muted">
                  {' '}
                  ({r.contribution} points of the score)
                </span>
              )}
            </li>
          ))}
          <li className="allot-teaching-muted">
            Required {s.required} points, assigned {s.assigned}.
          </li>
        </ul>
      </Collapse>
    </li>
  );
}

/**
 * Suggested assignees of a section (GET /api/sections/:id/suggestedAssignees): ranked by
 * alignment with a short reason and the whole "why"; one click assigns (a conflict offers to
 * assign anyway). Blocked candidates come last, collapsed, with their reasons and no button.
 */
export function SuggestedAssignees({ section }: { section: SectionRow }) {
  const suggestions = useSuggestedAssigneesQuery({ sectionId: section.id });
  const [assign] = useAssignInstructorMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ who: SuggestedAssignee; p: ServerProblem } | null>(null);
  const [showBlocked, setShowBlocked] = useState(false);

  async function doAssign(s: SuggestedAssignee, override = false) {
    setBusy(s.UserId);
    const result = await assign({
      sectionId: section.id,
      UserId: s.UserId,
      share: null,
      notes: null,
      override,
    });
    setBusy(null);
    if ('error' in result) {
      setProblem({ who: s, p: problemOf(result.error) });
      return;
    }
    setProblem(null);
    void notify({
      message: `${s.name} assigned to ${section.courseNumber ?? 'Section'} ${section.sectionNumber}.`,
      intent: Intent.SUCCESS,
    });
  }

  return (
    <div className="allot-detail-section allot-suggestions" aria-label="Suggested assignees">
      <h4 className="allot-suggestions__title">
        Suggested assignees{' '}
        {suggestions.isFetching && !suggestions.isLoading && (
          <Loading size={SpinnerSize.SMALL} label="Refreshing" />
        )}
      </h4>
      {problem && (
        <Callout
          role="alert"
          intent={problem.p.status === 422 ? Intent.WARNING : Intent.DANGER}
          title={`${problem.who.name} not assigned`}
          className="allot-form-callout"
        >
          <p>{problem.p.message}</p>
          {problem.p.overridable && (
            <Button
              intent={Intent.WARNING}
              icon="warning-sign"
              text="Assign anyway"
              loading={busy === problem.who.UserId}
              onClick={() => void doAssign(problem.who, true)}
            />
          )}
        </Callout>
      )}
      <QueryBody what="Suggestions" query={suggestions} loadingLabel="Loading suggestions">
        {(data) => (
          <>
            <ListBody
              what="Suggestions"
              query={loadedRows(data.suggested)}
              filtering={false}
              empty={{
                icon: 'people',
                title: 'No one to suggest',
                description:
                  data.blocked.length > 0
                    ? 'Every candidate is blocked; see why below.'
                    : 'No faculty member who receives assignments is free to take this section.',
              }}
            >
              {(rows) => (
                <ol className="allot-suggestion-list">
                  {rows.map((s) => (
                    <Candidate
                      key={s.UserId}
                      s={s}
                      busy={busy === s.UserId}
                      onAssign={(who) => void doAssign(who)}
                    />
                  ))}
                </ol>
              )}
            </ListBody>
            {data.blocked.length > 0 && (
              <BlockedCandidates
                blocked={data.blocked}
                open={showBlocked}
                onToggle={() => setShowBlocked((o) => !o)}
              />
            )}
          </>
        )}
      </QueryBody>
    </div>
  );
}

/** The blocked candidates, collapsed behind "Blocked (n)": their reasons, no button. */
function BlockedCandidates({
  blocked,
  open,
  onToggle,
}: {
  blocked: readonly SuggestedAssignee[];
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <>
      <Button
        variant="minimal"
        icon={open ? 'chevron-down' : 'chevron-right'}
        aria-expanded={open}
        text={`Blocked (${String(blocked.length)})`}
        onClick={onToggle}
      />
      <Collapse isOpen={open}>
        <ul className="allot-suggestion-list" aria-label="Blocked candidates">
          {blocked.map((s) => (
            <li key={s.UserId} className="allot-suggestion" aria-label={s.name}>
              <div className="allot-suggestion__head">
                <ScoreTag s={s} />
                <strong className="allot-suggestion__name">{s.name}</strong>
              </div>
              <ul className="allot-suggestion__why">
                {s.alignment.reasons.map((r, i) => (
                  <li key={`${r.code}-${String(i)}`}>{r.message}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Collapse>
    </>
  );
}
