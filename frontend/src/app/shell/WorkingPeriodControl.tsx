import { useEffect, useRef, useState } from 'react';
import { Button, HTMLSelect, Spinner } from '@blueprintjs/core';
import { AppTooltip } from '../../components/AppTooltip.js';
import { CrossIcon, EditIcon, LockIcon, WarningSignIcon } from '@blueprintjs/icons';
import {
  useGetAcademicPeriodsQuery,
  useGetSystemActiveAcademicPeriodQuery,
  useSetWorkingAcademicPeriodMutation,
} from '../../lib/api/sessionApi.js';
import { useViewer } from '../../lib/auth/useViewer.js';
import { byStartDateDesc, workingPeriodOf } from './workingPeriod.js';

export const MASQUERADE_LOCK_TEXT = 'The working period cannot change while masquerading.';
export const DIFFERS_TEXT = 'This differs from the active academic period.';

/**
 * Spec §4: the working academic period in the drawer footer. Administrators read it and, on
 * hover or focus, get an edit button that turns it into a select; everyone else sees the
 * active period's name.
 */
export function WorkingPeriodControl() {
  const viewer = useViewer();
  const mayChoose = viewer.ability?.can('update', 'WorkingAcademicPeriod') ?? false;
  const active = useGetSystemActiveAcademicPeriodQuery(undefined, { skip: !viewer.signedIn });
  // While masquerading the control shows, locked, whatever the working user's role; only those who
  // may choose read the period list (the working user may not be allowed to list periods).
  const readsWorking = mayChoose || viewer.masquerading;
  const periods = useGetAcademicPeriodsQuery(undefined, {
    skip: !viewer.signedIn || !mayChoose,
  });
  const [setWorking, saving] = useSetWorkingAcademicPeriodMutation();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Leaving the select puts keyboard focus back on the edit button, not on the page's start.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (!viewer.signedIn || !viewer.auth) return null;
  if (active.isLoading || periods.isLoading) {
    return (
      <div className="allot-period">
        <Spinner size={16} aria-label="Loading the working period" />
      </div>
    );
  }

  const systemActive = active.data ?? null;
  if (!readsWorking) {
    return (
      <div className="allot-period">
        <span className="allot-period__label">Academic period</span>
        <span className="allot-period__name">{systemActive?.name ?? 'No active period'}</span>
      </div>
    );
  }

  const sorted = byStartDateDesc(periods.data?.rows ?? []);
  const working = workingPeriodOf(sorted, viewer.auth.workingAcademicPeriodId, systemActive);
  const differs = working !== null && systemActive !== null && working.id !== systemActive.id;
  const userId = viewer.auth.workingUserId ?? viewer.auth.authenticatedUserId ?? '';

  if (editing && !viewer.masquerading) {
    return (
      <div className="allot-period allot-period--editing">
        <label className="allot-period__label" htmlFor="allot-working-period">
          Working period
        </label>
        <div className="allot-period__row">
          <HTMLSelect
            id="allot-working-period"
            autoFocus
            fill
            disabled={saving.isLoading}
            value={working?.id ?? ''}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
            onChange={(event) => {
              const periodId = event.currentTarget.value;
              if (!periodId || periodId === working?.id) return setEditing(false);
              void setWorking({ userId, academicPeriodId: periodId })
                .unwrap()
                .then(() => setEditing(false))
                .catch(() => undefined);
            }}
          >
            {working === null && <option value="">Choose a period</option>}
            {sorted.map((period) => (
              <option key={period.id} value={period.id}>
                {period.name}
              </option>
            ))}
          </HTMLSelect>
          <Button
            variant="minimal"
            size="small"
            icon={<CrossIcon />}
            aria-label="Cancel"
            onClick={() => setEditing(false)}
          />
        </div>
        {saving.isError && (
          <p className="allot-period__error" role="alert">
            The working period could not be saved. Try again.
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="allot-period">
      <span className="allot-period__label">Working period</span>
      <div className="allot-period__row">
        <span className="allot-period__name">{working?.name ?? 'No period'}</span>
        {differs && (
          <AppTooltip content={DIFFERS_TEXT} placement="top">
            <WarningSignIcon
              tabIndex={0}
              aria-label={DIFFERS_TEXT}
              className="allot-period__warning"
            />
          </AppTooltip>
        )}
        {viewer.masquerading ? (
          <AppTooltip content={MASQUERADE_LOCK_TEXT} placement="top">
            <LockIcon tabIndex={0} aria-label={MASQUERADE_LOCK_TEXT} />
          </AppTooltip>
        ) : (
          <Button
            ref={editButton}
            className="allot-period__edit"
            variant="minimal"
            size="small"
            icon={<EditIcon />}
            aria-label="Change the working period"
            onClick={() => setEditing(true)}
          />
        )}
      </div>
    </div>
  );
}
