import type {
  ResourceDefinition,
  SubjectName,
  TaxonomiesEnabledAnswer,
  TaxonomyKind,
} from '@allot/shared-events/browser';
import type { z } from 'zod';

/*
 * The `ui` part of a resource definition (contract: notes/uiShape.md, added to shared-events by
 * the server half). Mirrored here so the browser reads it the same way whether or not a kind
 * declares it yet; a kind without `ui` gets one derived from its schema and list fields.
 */
export { TAXONOMY_KINDS, type TaxonomyKind } from '@allot/shared-events/browser';

export type Widget =
  | 'text'
  | 'textarea'
  | 'number'
  | 'checkbox'
  | 'date'
  | 'color'
  | 'select'
  | 'reference'
  | 'references'
  | 'members'
  | 'termModes'
  | 'json';

export interface FieldUi {
  label: string;
  widget?: Widget;
  reference?: string;
  labelField?: string;
  detailField?: string;
  /** Equality filters the reference's option list asks for besides isActive. */
  referenceFilter?: Readonly<Record<string, string | number | boolean>>;
  options?: readonly { value: string; label: string }[];
  /** `hidden`: offered in the list's Columns control, not shown until the user picks it. */
  column?: false | { width?: number; hidden?: boolean };
  form?: false;
  taxonomy?: TaxonomyKind;
  editSubject?: SubjectName;
  help?: string;
}

export interface ResourceUi {
  title: string;
  singular: string;
  description?: string;
  fields: Record<string, FieldUi>;
}

/** A field as the page uses it: its name, its ui and the widget that edits it. */
export interface ResolvedField extends FieldUi {
  name: string;
  widget: Widget;
  /** Required on create (the schema refuses it absent). */
  required: boolean;
  /** The list may filter and sort it (a list field of the definition). */
  listType: 'text' | 'number' | 'boolean' | 'date' | null;
}

type AnyDefinition = ResourceDefinition & { ui?: ResourceUi };

/** 'academicTermTypes' → 'Academic Term Types'; 'isActive' → 'Is Active'; 'UserId' → 'User Id'. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

function singularOf(title: string): string {
  if (/ies$/.test(title)) return title.replace(/ies$/, 'y');
  if (/s$/.test(title)) return title.replace(/s$/, '');
  return title;
}

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  format?: string;
  innerType?: { _zod: { def: ZodDef } };
  element?: { _zod: { def: ZodDef } };
  entries?: Record<string, string>;
  in?: { _zod: { def: ZodDef } };
}

function defOf(schema: unknown): ZodDef {
  return (schema as { _zod: { def: ZodDef } })._zod.def;
}

/** The schema under optional/nullable/default wrappers. */
export function unwrap(schema: z.ZodType): { def: ZodDef; optional: boolean } {
  let def = defOf(schema);
  let optional = false;
  for (;;) {
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') {
      if (def.type !== 'nullable') optional = true;
      if (!def.innerType) break;
      def = def.innerType._zod.def;
    } else if (def.type === 'pipe' && def.in) {
      def = def.in._zod.def;
    } else break;
  }
  return { def, optional };
}

/** How the dialog edits a field when its ui does not say. */
export function widgetFor(schema: z.ZodType, name: string): Widget {
  const { def } = unwrap(schema);
  switch (def.type) {
    case 'boolean':
      return 'checkbox';
    case 'number':
    case 'int':
      return 'number';
    case 'enum':
    case 'literal':
      return 'select';
    case 'string':
      if (def.format === 'date') return 'date';
      if (/colou?r$/i.test(name)) return 'color';
      return 'text';
    default:
      return 'json';
  }
}

export function enumOptions(schema: z.ZodType): { value: string; label: string }[] {
  const { def } = unwrap(schema);
  return def.entries
    ? Object.values(def.entries).map((v) => ({ value: v, label: humanize(v) }))
    : [];
}

/** The schema of `name`, or of `Top.sub` inside an object field (`FacultyProfile.RankId`). */
export function schemaAt(definition: ResourceDefinition, name: string): z.ZodType | undefined {
  const shape = definition.schema.shape as Record<string, z.ZodType>;
  const [top, sub] = splitName(name);
  const schema = shape[top];
  if (!sub || !schema) return schema;
  return unwrap(schema).def.shape?.[sub];
}

/** 'FacultyProfile.RankId' → ['FacultyProfile', 'RankId']; 'name' → ['name', null]. */
export function splitName(name: string): [string, string | null] {
  const dot = name.indexOf('.');
  return dot < 0 ? [name, null] : [name.slice(0, dot), name.slice(dot + 1)];
}

function isArraySchema(schema: z.ZodType | undefined): boolean {
  return schema ? unwrap(schema).def.type === 'array' : false;
}

export function uiOf(definition: ResourceDefinition): ResourceUi {
  const declared = (definition as AnyDefinition).ui;
  if (declared) return declared;
  const title = humanize(definition.path);
  const fields: Record<string, FieldUi> = {};
  for (const key of Object.keys(definition.schema.shape)) {
    const listed = Object.hasOwn(definition.list.fields, key);
    fields[key] = { label: humanize(key), ...(listed ? {} : { column: false as const }) };
  }
  return { title, singular: singularOf(title), fields };
}

/** Every field the ui names, in its order, with the widget resolved. */
export function resolveFields(definition: ResourceDefinition): ResolvedField[] {
  const ui = uiOf(definition);
  return Object.entries(ui.fields).map(([name, field]) => {
    const schema = schemaAt(definition, name);
    let widget: Widget =
      field.widget ?? (schema ? widgetFor(schema, name) : field.reference ? 'reference' : 'text');
    // A select over a list (Roles: [{ slug }]) picks several.
    if (widget === 'select' && isArraySchema(schema)) widget = 'references';
    const options =
      field.options ?? (widget === 'select' && schema ? enumOptions(schema) : undefined);
    return {
      ...field,
      ...(options ? { options } : {}),
      name,
      widget,
      required: schema ? !unwrap(schema).optional && !name.includes('.') : false,
      listType: definition.list.fields[name] ?? null,
    };
  });
}

/** GET /api/taxonomies/enabled, from its schema (partial: unknown kinds read as off). */
export type TaxonomyState = Partial<TaxonomiesEnabledAnswer>;

/** A taxonomy field is hidden everywhere while no active taxonomy of its kind exists. */
export function visibleFields(
  fields: readonly ResolvedField[],
  taxonomies: TaxonomyState | undefined,
): ResolvedField[] {
  return fields.filter((f) => !f.taxonomy || taxonomies?.[f.taxonomy] === true);
}

export function hasIsActive(definition: ResourceDefinition): boolean {
  return Boolean(definition.eventTypes.deactivated);
}
