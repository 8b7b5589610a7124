import { allResources } from '@allot/shared-events/browser';
import { FieldInput, type FieldInputProps } from './FieldInput.js';
import { useReferenceOptionsQuery } from './resourceApi.js';
import { hasIsActive } from './resourceUi.js';

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

/** A FieldInput whose reference options come from the referenced list (active records only). */
export function ResourceField(props: Omit<FieldInputProps, 'options' | 'optionsLoading'>) {
  const path = referencePathOf(props);
  const referenced = path ? allResources.find((r) => r.path === path) : undefined;
  const labelField = props.field.labelField ?? (path === 'users' ? 'displayName' : 'name');
  const { data, isFetching } = useReferenceOptionsQuery(
    { path: path ?? '', labelField, activeOnly: referenced ? hasIsActive(referenced) : false },
    { skip: path === null },
  );
  return (
    <FieldInput {...props} options={data} optionsLoading={path !== null && isFetching && !data} />
  );
}
