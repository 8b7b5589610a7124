import type { ResourceDefinition } from '@allot/shared-events/browser';
import type { z } from 'zod';
import { textOf } from './cellText.js';
import { schemaAt, splitName, unwrap, type ResolvedField } from './resourceUi.js';

export type FormValue = string | boolean | string[] | MemberValue[] | TermModeValue[] | null;
export type FormValues = Record<string, FormValue>;

/** One way an offering is taught: a term and a teaching mode. */
export interface TermModeValue {
  AcademicTermId: string;
  TeachingModeId: string;
}

export interface MemberValue {
  UserId: string;
  permission: number;
}

/** Field → sentence, plus `''` for what concerns the whole record. */
export type FormErrors = Record<string, string>;

export function formFields(fields: readonly ResolvedField[]): ResolvedField[] {
  return fields.filter((f) => f.form !== false);
}

/** The dialog's starting values: the record's, or empty ones for a new record. */
export function initialValues(
  fields: readonly ResolvedField[],
  record: Record<string, unknown> | null,
): FormValues {
  const values: FormValues = {};
  for (const field of formFields(fields)) {
    const value = valueAt(record, field.name);
    switch (field.widget) {
      case 'checkbox':
        // A new record with isActive starts active (the kinds derive that default too).
        values[field.name] = record ? value === true : field.name === 'isActive';
        break;
      case 'references':
        values[field.name] = Array.isArray(value)
          ? value.map((v: unknown) =>
              typeof v === 'object' && v !== null && 'slug' in v ? textOf(v.slug) : textOf(v),
            )
          : [];
        break;
      case 'members':
        values[field.name] = Array.isArray(value)
          ? (value as MemberValue[]).map((m) => ({ UserId: m.UserId, permission: m.permission }))
          : [];
        break;
      case 'termModes':
        values[field.name] = Array.isArray(value)
          ? (value as TermModeValue[]).map((m) => ({
              AcademicTermId: m.AcademicTermId,
              TeachingModeId: m.TeachingModeId,
            }))
          : [];
        break;
      case 'json':
        values[field.name] =
          value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
        break;
      case 'number':
        values[field.name] = typeof value === 'number' ? String(value) : '';
        break;
      default:
        values[field.name] = textOf(value);
    }
  }
  return values;
}

/** A record's value of `name`, reading `Top.sub` inside an object field. */
export function valueAt(record: Record<string, unknown> | null, name: string): unknown {
  const [top, sub] = splitName(name);
  const value = record?.[top];
  if (!sub) return value;
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[sub] : undefined;
}

function acceptsNull(schema: z.ZodType | undefined): boolean {
  return schema ? schema.safeParse(null).success : false;
}

/** `references` of objects (`Roles: [{ slug }]`) are sent back in that shape. */
function referencesAsObjects(schema: z.ZodType | undefined): boolean {
  if (!schema) return false;
  const { def } = unwrap(schema);
  return def.type === 'array' && def.element?._zod.def.type === 'object';
}

export interface BodyResult {
  body: Record<string, unknown>;
  /** Sentences for values that could not even be read (bad JSON, a number that is not one). */
  errors: FormErrors;
}

/**
 * The request body from the form: only editable fields; on update only the changed ones.
 * Empty optional text is left out on create and sent as null on update when the schema allows it.
 */
export function bodyFrom(
  definition: ResourceDefinition,
  fields: readonly ResolvedField[],
  values: FormValues,
  original: FormValues | null,
  record: Record<string, unknown> | null = null,
): BodyResult {
  const body: Record<string, unknown> = {};
  const errors: FormErrors = {};
  /** Sub-fields of object fields (`FacultyProfile.RankId`), sent as the whole merged object. */
  const nested = new Map<string, Record<string, unknown>>();
  for (const field of formFields(fields)) {
    if (!Object.hasOwn(values, field.name)) continue;
    const value = values[field.name] ?? null;
    const [top, sub] = splitName(field.name);
    if (sub) {
      const changed = !original || JSON.stringify(original[field.name]) !== JSON.stringify(value);
      const part = subValue(field, value, schemaAt(definition, field.name), errors);
      const group = nested.get(top) ?? {};
      if (changed) group.__changed = true;
      if (part !== undefined) group[sub] = part;
      nested.set(top, group);
      continue;
    }
    if (original && JSON.stringify(original[field.name]) === JSON.stringify(value)) continue;
    const schema = schemaAt(definition, field.name);
    if (field.widget === 'checkbox') body[field.name] = value === true;
    else if (field.widget === 'references') {
      const list = Array.isArray(value) ? (value as string[]) : [];
      body[field.name] = referencesAsObjects(schema) ? list.map((slug) => ({ slug })) : list;
    } else if (field.widget === 'members' || field.widget === 'termModes') body[field.name] = value;
    else if (typeof value === 'string' && value.trim() === '') {
      if (original && acceptsNull(schema)) body[field.name] = null;
      else if (!original && !field.required) continue;
      else body[field.name] = field.widget === 'number' ? undefined : value;
    } else if (field.widget === 'number') {
      const n = Number(value);
      if (Number.isFinite(n)) body[field.name] = n;
      else errors[field.name] = 'Enter a number.';
    } else if (field.widget === 'json') {
      try {
        body[field.name] = JSON.parse(textOf(value)) as unknown;
      } catch {
        errors[field.name] = 'Enter valid JSON.';
      }
    } else body[field.name] = value;
  }
  for (const [top, group] of nested) {
    const { __changed: changed, ...parts } = group;
    if (!changed) continue;
    const stored = record?.[top];
    // Only what the object's schema takes: a stored answer may carry more (older shapes).
    const known = unwrap(schemaAt(definition, top) ?? ({} as z.ZodType)).def?.shape;
    const kept = Object.entries(
      stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {},
    ).filter(([key]) => !known || Object.hasOwn(known, key));
    const merged = { ...Object.fromEntries(kept), ...parts };
    body[top] = Object.keys(merged).length > 0 ? merged : null;
  }
  return { body, errors };
}

/** One sub-field's value inside its object: undefined leaves it out. */
function subValue(
  field: ResolvedField,
  value: FormValue,
  schema: z.ZodType | undefined,
  errors: FormErrors,
): unknown {
  if (field.widget === 'checkbox') return value === true;
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '')
    return acceptsNull(schema) ? null : undefined;
  if (field.widget === 'number') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
    errors[field.name] = 'Enter a number.';
    return undefined;
  }
  return value;
}

/** Checks the body with the kind's own zod schema (and its domain rule) before sending it. */
export function validateBody(
  definition: ResourceDefinition,
  body: Record<string, unknown>,
  record: Record<string, unknown> | null,
  fields: readonly ResolvedField[],
): FormErrors {
  const isCreate = record === null;
  const shape = definition.schema.shape as Record<string, z.ZodType>;
  const errors: FormErrors = {};
  const present = formFields(fields).filter((f) => shape[f.name]);
  // Object fields edited through sub-fields: their issues go to the sub-field's input.
  const tops = new Set(
    formFields(fields)
      .map((f) => splitName(f.name))
      .filter(([, sub]) => sub !== null)
      .map(([top]) => top),
  );
  for (const top of tops) {
    const schema = shape[top];
    if (!schema || !Object.hasOwn(body, top)) continue;
    const result = schema.safeParse(body[top]);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const name = issue.path.length > 0 ? `${top}.${String(issue.path[0])}` : top;
      const field = fields.find((f) => f.name === name) ?? { label: name };
      errors[fields.some((f) => f.name === name) ? name : ''] ??= issueSentence(issue, field);
    }
  }
  for (const field of present) {
    const schema = shape[field.name]!;
    if (!Object.hasOwn(body, field.name) || body[field.name] === undefined) {
      if (isCreate && field.required) errors[field.name] = `${field.label} is required.`;
      continue;
    }
    const result = schema.safeParse(body[field.name]);
    if (!result.success) {
      const issue = result.error.issues[0];
      errors[field.name] = issue ? issueSentence(issue, field) : 'This value is not valid.';
    }
  }
  if (Object.keys(errors).length === 0 && definition.validate) {
    const broken = definition.validate({ ...record, id: textOf(record?.id) || 'new', ...body });
    if (broken) errors[''] = broken;
  }
  return errors;
}

interface Issue {
  code: string;
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: unknown;
  format?: unknown;
}

/** A zod issue as a sentence a person reads under the field. */
export function issueSentence(issue: Issue, field: Pick<ResolvedField, 'label'>): string {
  const isText = issue.origin === 'string';
  if (issue.code === 'too_small' && isText && issue.minimum === 1)
    return `${field.label} is required.`;
  if (issue.code === 'too_small' && typeof issue.minimum === 'number')
    return isText
      ? `Use at least ${String(issue.minimum)} characters.`
      : `Must be at least ${String(issue.minimum)}.`;
  if (issue.code === 'too_big' && typeof issue.maximum === 'number')
    return isText
      ? `Use at most ${String(issue.maximum)} characters.`
      : `Must be at most ${String(issue.maximum)}.`;
  if (issue.code === 'invalid_format' && issue.format === 'date') return 'Enter a date.';
  if (
    issue.code === 'invalid_format' &&
    issue.format === 'regex' &&
    !/^Invalid/.test(issue.message)
  )
    return sentence(`Use ${issue.message}`);
  if (issue.code === 'invalid_format' && issue.format === 'email')
    return 'Enter an e-mail address.';
  if (issue.code === 'invalid_type') return `${field.label} is required.`;
  return sentence(issue.message);
}

function sentence(message: string): string {
  const trimmed = message.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
