import { allResources } from '@allot/shared-events/browser';
import { FieldInput, type FieldInputProps } from './FieldInput.js';
import type { FormValues } from '../../lib/resources/formValues.js';
import { useReferenceOptionsQuery } from '../../lib/api/resourceApi.js';
import { hasIsActive } from '../../lib/resources/resourceUi.js';

const NEEDS_OPTIONS = new Set(['reference', 'references', 'members']);

/** The path a reference(s)/members field lists its options from (members are users). */
export function referencePathOf(props: Pick<FieldInputProps, 'field'>): string | null {
  const { field } = props;
  if (!NEEDS_OPTIONS.has(field.widget)) return null;
  // A members field's options are its permission bits; its people always come from users.
  if (field.widget === 'members') return field.reference ?? 'users';
  if (field.options) return null;
  return field.reference ?? null;
}

type ResourceFieldProps = Omit<FieldInputProps, 'options' | 'optionsLoading' | 'termModes'> & {
  /** The whole form, for fields whose choices depend on another field (term modes: the period). */
  formValues?: FormValues;
};

/** A FieldInput whose reference options come from the referenced list (active records only). */
export function ResourceField({ formValues, ...props }: ResourceFieldProps) {
  if (props.field.widget === 'termModes') {
    const period = formValues?.AcademicPeriodId;
    return <TermModesField {...props} periodId={typeof period === 'string' ? period : ''} />;
  }
  return <ReferenceField {...props} />;
}

function ReferenceField(props: Omit<ResourceFieldProps, 'formValues'>) {
  const path = referencePathOf(props);
  const referenced = path ? allResources.find((r) => r.path === path) : undefined;
  const labelField = props.field.labelField ?? (path === 'users' ? 'displayName' : 'name');
  const detailField = props.field.detailField;
  const where = props.field.referenceFilter;
  const { data, isFetching } = useReferenceOptionsQuery(
    {
      path: path ?? '',
      labelField,
      ...(detailField ? { detailField } : {}),
      activeOnly: referenced ? hasIsActive(referenced) : false,
      ...(where ? { where } : {}),
    },
    { skip: path === null },
  );
  return (
    <FieldInput {...props} options={data} optionsLoading={path !== null && isFetching && !data} />
  );
}

/** The term × teaching-mode grid: the terms of the chosen period and the active teaching modes. */
function TermModesField(props: Omit<ResourceFieldProps, 'formValues'> & { periodId: string }) {
  const { periodId, ...rest } = props;
  const terms = useReferenceOptionsQuery(
    {
      path: 'academicTerms',
      labelField: 'name',
      activeOnly: false,
      where: { AcademicPeriodId: periodId },
    },
    { skip: periodId === '' },
  );
  const modes = useReferenceOptionsQuery({
    path: 'teachingModes',
    labelField: 'name',
    activeOnly: true,
  });
  return (
    <FieldInput
      {...rest}
      termModes={{
        periodChosen: periodId !== '',
        terms: terms.data ?? [],
        modes: modes.data ?? [],
      }}
      optionsLoading={(periodId !== '' && !terms.data) || !modes.data}
    />
  );
}
