import { useState } from 'react';
import { Alert, Button, Callout, Intent, Section, SectionCard } from '@blueprintjs/core';
import { cloneBlueprints, type CloneSettings } from '@allot/shared-events/browser';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { allotApi } from '../../../lib/api/allotApi.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { useReferenceOptionsQuery } from '../../../lib/api/resourceApi.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { useAppDispatch } from '../../../lib/hooks/useAppDispatch.js';
import { usePreviewCloneMutation, useStartCloneMutation } from '../api/cloningApi.js';
import { ClonePreview } from '../components/ClonePreview.js';
import { CloneRun } from '../components/CloneRun.js';
import {
  CloneSettingsForm,
  defaultMapping,
  mappingBySeason,
  type CloneChoices,
} from '../components/CloneSettingsForm.js';
import { CloneBlueprints, type Blueprint } from '../components/CloneBlueprints.js';
import { ResourceListPage } from '../../../components/resources/ResourceListPage.js';
import '../cloning.css';

const START: CloneChoices = {
  source: '',
  target: '',
  kinds: ['offerings', 'sections', 'teachingAssignments', 'administrativeAssignments'],
  termMapping: {},
  shiftMeetingDates: true,
  keepInstructors: true,
  keepNotes: false,
};

const settingsOf = (c: CloneChoices): CloneSettings => ({
  SourcePeriodId: c.source,
  TargetPeriodId: c.target,
  kinds: c.kinds,
  termMapping: Object.fromEntries(
    Object.entries(c.termMapping).map(([from, to]) => [from, to === '' ? null : to]),
  ),
  shiftMeetingDates: c.shiftMeetingDates,
  keepInstructors: c.keepInstructors,
  keepNotes: c.keepNotes,
});

/**
 * Clone Resources (/cloning; Clone: admin and academic operations; docs/cloning.md): choose the
 * periods, what to copy, how the terms map and the options; preview what would be created, what
 * is there already and what cannot be copied; then run it as a job with its progress. Running it
 * again creates nothing new.
 */
export default function CloneResourcesPage() {
  const dispatch = useAppDispatch();
  const [choices, setChoices] = useState<CloneChoices>(START);
  const [confirming, setConfirming] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [blueprint, setBlueprint] = useState<Blueprint | null>(null);
  const [preview, previewState] = usePreviewCloneMutation();
  const [start, startState] = useStartCloneMutation();
  const periods = useReferenceOptionsQuery({
    path: 'academicPeriods',
    labelField: 'name',
    activeOnly: false,
  });
  const termsOf = (periodId: string) => ({
    path: 'academicTerms',
    labelField: 'name',
    activeOnly: false,
    where: { AcademicPeriodId: periodId },
  });
  const sourceTerms = useReferenceOptionsQuery(termsOf(choices.source), {
    skip: choices.source === '',
  });
  const targetTerms = useReferenceOptionsQuery(termsOf(choices.target), {
    skip: choices.target === '',
  });
  // Until someone changes it, each source term goes where the blueprint sends its kind of term,
  // else to its namesake in the target.
  const mapped: CloneChoices =
    Object.keys(choices.termMapping).length > 0
      ? choices
      : {
          ...choices,
          termMapping: defaultMapping(
            sourceTerms.data ?? [],
            targetTerms.data ?? [],
            blueprint?.termMapping,
          ),
        };
  const termsKnown = sourceTerms.data !== undefined && targetTerms.data !== undefined;
  const toSave =
    choices.source !== '' && choices.target !== '' && termsKnown && choices.kinds.length > 0
      ? {
          kinds: mapped.kinds,
          termMapping: mappingBySeason(
            mapped.termMapping,
            sourceTerms.data ?? [],
            targetTerms.data ?? [],
          ),
          shiftMeetingDates: mapped.shiftMeetingDates,
          keepInstructors: mapped.keepInstructors,
          keepNotes: mapped.keepNotes,
        }
      : null;

  const ready =
    choices.source !== '' &&
    choices.target !== '' &&
    choices.source !== choices.target &&
    choices.kinds.length > 0;
  const shown = previewState.data;
  const toCreate = shown ? shown.kinds.reduce((n, k) => n + k.create, 0) : 0;
  const change = (next: CloneChoices) => {
    setChoices(next);
    previewState.reset();
  };

  return (
    <PageFrame title="Clone Resources">
      <Section compact title="What to clone" className="allot-cloning-section">
        <SectionCard>
          <CloneBlueprints
            chosen={blueprint}
            toSave={toSave}
            onChoose={(chosen) => {
              setBlueprint(chosen);
              if (chosen) {
                change({
                  ...choices,
                  kinds: chosen.kinds,
                  // Mapped anew from the blueprint once both periods' terms are known.
                  termMapping: {},
                  shiftMeetingDates: chosen.shiftMeetingDates,
                  keepInstructors: chosen.keepInstructors,
                  keepNotes: chosen.keepNotes,
                });
              }
            }}
          />
          <CloneSettingsForm
            choices={mapped}
            periods={periods.data ?? []}
            sourceTerms={sourceTerms.data ?? []}
            targetTerms={targetTerms.data ?? []}
            termsReady={termsKnown}
            onChange={change}
          />
          {choices.source !== '' && choices.source === choices.target && (
            <Callout intent={Intent.WARNING} compact>
              Choose a period to copy into other than the one copied from.
            </Callout>
          )}
          <div className="allot-cloning-actions">
            <Button
              icon="eye-open"
              text="Preview"
              disabled={!ready}
              loading={previewState.isLoading}
              onClick={() => void preview(settingsOf(mapped))}
            />
            <Button
              icon="duplicate"
              intent={Intent.PRIMARY}
              text={shown ? `Clone ${toCreate.toLocaleString(DATE_LOCALE)} records…` : 'Clone…'}
              disabled={!shown || toCreate === 0 || jobId !== null}
              loading={startState.isLoading}
              onClick={() => setConfirming(true)}
            />
          </div>
          {previewState.error && (
            <Callout intent={Intent.DANGER}>{problemOf(previewState.error).message}</Callout>
          )}
          {startState.error && (
            <Callout intent={Intent.DANGER}>{problemOf(startState.error).message}</Callout>
          )}
        </SectionCard>
      </Section>
      {jobId && (
        <CloneRun
          jobId={jobId}
          onDone={() => {
            setJobId(null);
            previewState.reset();
            // What the clone created shows on every list of the target period.
            dispatch(allotApi.util.invalidateTags(['TeachingAssignments', 'ResourceList']));
          }}
        />
      )}
      {shown && !jobId && (
        <Section compact title="Preview" className="allot-cloning-section">
          <SectionCard>
            {toCreate === 0 && (
              <Callout intent={Intent.SUCCESS} compact>
                Everything that can be copied is in {shown.target.name} already: a clone would
                create nothing.
              </Callout>
            )}
            <ClonePreview preview={shown} />
          </SectionCard>
        </Section>
      )}
      <ResourceListPage
        embedded
        definition={cloneBlueprints}
        title="Blueprints"
        creatable={false}
        emptyDescription="Save the choices above as a blueprint to clone the same way next year."
      />
      <Alert
        isOpen={confirming}
        intent={Intent.PRIMARY}
        icon="duplicate"
        confirmButtonText="Clone"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void start(settingsOf(mapped))
            .unwrap()
            .then((job) => setJobId(job.id))
            .catch(() => undefined);
        }}
      >
        <p>
          Create {toCreate.toLocaleString(DATE_LOCALE)} records in {shown?.target.name}? They are
          made as if you made them, with their history; running it again later creates nothing new.
        </p>
      </Alert>
    </PageFrame>
  );
}
