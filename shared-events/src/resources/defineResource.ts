import { z } from 'zod';
import type { Action, SubjectName } from '../permissions/types.js';
import type { ListSpec } from './listQuery.js';

/** A record as stored and answered: its id plus the resource's fields. */
export type ResourceRecord = { id: string } & Record<string, unknown>;

export interface UniqueRule {
  /** Together they must be unique among live records (case-insensitive for text). */
  fields: readonly string[];
  /** A sentence for the user, answered with 422. */
  message: string;
  /**
   * Unique among active records only (slugs and codes of lists, issue 5): a record holds its
   * value only while `isActive` is not false, so deactivating releases it and reactivating
   * reserves it again (422 when another active record took it meanwhile).
   */
  amongActive?: boolean;
  /**
   * Names people pick from a list: besides case, spacing is ignored (each run of white space
   * counts as one space), so `Full  Professor` clashes with `full professor`.
   */
  ignoreSpacing?: boolean;
}

export interface ReferenceRule {
  /** A dotted path; lists on the way are walked (`members.UserId`, `FacultyProfile.CampusIds`). */
  field: string;
  /** The referenced resource's `name`; its stream must exist and not be deleted. */
  resource: string;
  message: string;
}

export const TAXONOMY_KINDS = ['campuses', 'cohorts', 'majors', 'programs', 'specialties'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

/** How the browser shows and edits one field (contract: notes/uiShape.md). */
export interface FieldUi {
  label: string;
  /** How the dialog edits it; when absent the browser derives it from the zod type. */
  widget?:
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
    /** Offering term modes: a term × teaching-mode grid of the record's academic period. */
    | 'termModes'
    | 'json';
  /**
   * For reference(s): the referenced resource's path; options come from
   * GET /api/<path>?select=id,name (or `labelField`), active records only when it has isActive.
   */
  reference?: string;
  labelField?: string;
  /** A second naming field a picker shows after the label: a course's name after its number. */
  detailField?: string;
  /**
   * For reference(s): equality filters the option list asks the server for besides isActive
   * (an administrative assignment's instructor: `{ isFaculty: true }`); list fields only.
   */
  referenceFilter?: Readonly<Record<string, string | number | boolean>>;
  options?: readonly { value: string; label: string }[];
  /**
   * Shown as a list column unless false; `hidden`: offered in the list's Columns control but not
   * shown until the user picks it (a wide kind's rarer columns).
   */
  column?: false | { width?: number; hidden?: boolean };
  /** Not in the create/edit dialog (derived or written elsewhere) when false. */
  form?: false;
  /** Hidden everywhere (column, field, filter) while no active taxonomy of this kind exists. */
  taxonomy?: TaxonomyKind;
  /** Only those who may `update` this CASL subject edit it (e.g. 'FinancialData'); others read. */
  editSubject?: SubjectName;
  help?: string;
}

/** Where a kind's list sits in the sidebar. */
export interface ResourceMenu {
  branch: 'Configuration' | 'Administration';
  /** Its place in the branch (spec §2's order). */
  order: number;
  /** A Blueprint icon name (`endorsed`); the browser draws it. */
  icon: string;
  /** What the entry needs: `manage` on the kind's subject unless given. */
  action?: Action;
  subject?: SubjectName;
}

export interface ResourceUi {
  /** The page title, as the menu labels it: 'Academic Term Types'. */
  title: string;
  /** One record: 'Academic Term Type'. */
  singular: string;
  description?: string;
  /**
   * The browser route of the kind's plain list page (`/ranks`): the browser derives the route, its
   * title and description (above) and the generic list page there, so the kind needs no page
   * module. Leave it out for a kind with a page of its own (academic periods, taxonomies).
   */
  route?: string;
  /**
   * The kind's sidebar entry (spec §2), labelled with the title and leading to the route: the
   * menu, its icon and its route permission come from here, so a new list is declared once.
   */
  menu?: ResourceMenu;
  /** Field order = object key order. Fields of the schema absent here are not shown. */
  fields: Record<string, FieldUi>;
}

export interface ResourceOptions<Shape extends z.ZodRawShape> {
  /** camelCase singular, the stream type: `academicTermType` → streams `academicTermType-<id>`. */
  name: string;
  /** PascalCase event prefix: `AcademicTermType` → `AcademicTermTypeCreated`, … */
  eventPrefix: string;
  /** The API path under /api: `academicTermTypes`. */
  path: string;
  /** The CASL subject every route and command checks. */
  subject: SubjectName;
  /** The editable fields (a create carries them all, an update any of them). */
  schema: z.ZodObject<Shape>;
  list: ListSpec;
  unique?: readonly UniqueRule[];
  references?: readonly ReferenceRule[];
  /**
   * Records belong to the user this field names: that user may read and change their own
   * whatever their roles (e.g. user settings); others need the subject's abilities.
   */
  ownerField?: string;
  /**
   * Fields kept on the record but changed only through their own route (field → where): the
   * generic create and update refuse them (400), so that route's checks cannot be bypassed.
   */
  writtenElsewhere?: Readonly<Record<string, string>>;
  /** Completes a record before it is stored (e.g. a display name derived from the names). */
  derive?(record: ResourceRecord): ResourceRecord;
  /**
   * Reads the data of a stored created or updated event in today's shape (an upcaster: events
   * are never edited). Every fold of the kind's events applies it: decider, projection, history.
   */
  upcast?(data: ResourceRecord): ResourceRecord;
  /** The read model's version: raise it when its rows must be rebuilt (a new upcaster). */
  readModelVersion?: number;
  /** A domain rule over the whole record: a sentence when it is broken, else null. */
  validate?(record: ResourceRecord): string | null;
  /** How the browser lists and edits the kind. */
  ui?: ResourceUi;
}

export interface ResourceEventTypes {
  created: string;
  updated: string;
  deleted: string;
  /** Present when the resource has an `isActive` field. */
  deactivated?: string;
}

export interface ResourceCommandNames {
  create: string;
  update: string;
  delete: string;
  deactivate?: string;
}

export interface ResourceDefinition<
  Shape extends z.ZodRawShape = z.ZodRawShape,
> extends ResourceOptions<Shape> {
  readonly commandNames: ResourceCommandNames;
  readonly eventTypes: ResourceEventTypes;
  /** Event data schemas by event type, for the event registry. */
  readonly eventSchemas: Readonly<Record<string, z.ZodType>>;
  /** POST body: every field, nothing else. */
  readonly createBody: z.ZodType<Record<string, unknown>>;
  /** PUT body: any of the fields, nothing else. */
  readonly updateBody: z.ZodType<Record<string, unknown>>;
  streamId(id: string): string;
}

const Id = z.object({ id: z.string().min(1).max(100) });

function capitalised(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * A plain record kind declared once (STYLE habit 6): commands, events, projection and routes are
 * derived from it by the generic machinery of the command and projection services.
 */
export function defineResource<Shape extends z.ZodRawShape>(
  options: ResourceOptions<Shape>,
): ResourceDefinition<Shape> {
  const Name = capitalised(options.name);
  const hasIsActive = Object.prototype.hasOwnProperty.call(options.schema.shape, 'isActive');
  const prefix = options.eventPrefix;
  const eventTypes: ResourceEventTypes = {
    created: `${prefix}Created`,
    updated: `${prefix}Updated`,
    deleted: `${prefix}Deleted`,
    ...(hasIsActive ? { deactivated: `${prefix}Deactivated` } : {}),
  };
  const commandNames: ResourceCommandNames = {
    create: `Create${Name}`,
    update: `Update${Name}`,
    delete: `Delete${Name}`,
    ...(hasIsActive ? { deactivate: `Deactivate${Name}` } : {}),
  };
  // Events carry the whole stored record (created) or the changed fields (updated).
  const stored = options.schema.extend(Id.shape);
  const changed = options.schema.partial().extend(Id.shape);
  const eventSchemas: Record<string, z.ZodType> = {
    [eventTypes.created]: stored,
    [eventTypes.updated]: changed,
    [eventTypes.deleted]: Id,
  };
  if (eventTypes.deactivated) eventSchemas[eventTypes.deactivated] = Id;
  return {
    ...options,
    commandNames,
    eventTypes,
    eventSchemas,
    createBody: options.schema.strict(),
    updateBody: options.schema.partial().strict(),
    streamId: (id) => `${options.name}-${id}`,
  };
}
