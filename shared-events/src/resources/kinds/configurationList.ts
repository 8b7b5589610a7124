import { z } from 'zod';
import type { SubjectName } from '../../permissions/types.js';
import { defineResource, type TaxonomyKind, type UniqueRule } from '../defineResource.js';
import { name, slug } from './fields.js';

export const description = z.string().trim().max(2000).nullable().optional();

/** A code as people type it (`SCI`, `SCI 101`): letters, digits, spaces, `-`, `_`, `.`, `/`. */
export const code = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, 'letters, digits, spaces and - _ . /');

/**
 * Two active records of one list may not share a name (a form's picker would offer "Full
 * Professor" twice): case and spacing ignored, freed by deactivation like the key.
 */
export function activeNameRule(singular: string): UniqueRule {
  return {
    fields: ['name'],
    message: `Another active ${singular.toLowerCase()} already has this name.`,
    amongActive: true,
    ignoreSpacing: true,
  };
}

interface ConfigurationListOptions {
  /** camelCase singular: `rank` → streams `rank-<id>`, events `RankCreated`… */
  name: string;
  path: string;
  subject: SubjectName;
  title: string;
  singular: string;
  description: string;
  /** The key people recognise it by: a lower-case slug (default) or a typed code. */
  key?: 'slug' | 'code';
  /** The browser route of its list page; `/<path>` unless given. */
  route?: string;
  /**
   * Its place under Configuration in the sidebar (spec §2) and its Blueprint icon; absent for a
   * list the spec's menu names elsewhere (the effort lists, under Effort Management).
   */
  menu?: { order: number; icon: string };
}

/**
 * The shape most Configuration lists share (spec §2): name, a slug or code unique among active
 * records, an optional description and isActive (default true), listed on its own page at
 * `/<path>` (ui.route). One call per kind's file.
 */
export function defineConfigurationList(options: ConfigurationListOptions) {
  const key = options.key ?? 'slug';
  const keyLabel = key === 'slug' ? 'Slug' : 'Code';
  const eventPrefix = options.name.charAt(0).toUpperCase() + options.name.slice(1);
  return defineResource({
    name: options.name,
    eventPrefix,
    path: options.path,
    subject: options.subject,
    schema: z.object({
      name,
      [key]: key === 'slug' ? slug : code,
      description,
      isActive: z.boolean().optional(),
    }),
    list: {
      fields: { name: 'text', [key]: 'text', description: 'text', isActive: 'boolean' },
      defaultSort: [['name', 'ASC']],
    },
    unique: [
      {
        fields: [key],
        message: `Another active ${options.singular.toLowerCase()} already has this ${key}.`,
        amongActive: true,
      },
      activeNameRule(options.singular),
    ],
    ui: {
      title: options.title,
      singular: options.singular,
      description: options.description,
      route: options.route ?? `/${options.path}`,
      ...(options.menu ? { menu: { branch: 'Configuration' as const, ...options.menu } } : {}),
      fields: {
        name: { label: 'Name' },
        [key]: {
          label: keyLabel,
          column: { width: 140 },
          help:
            key === 'slug'
              ? 'lower-case letters, digits, - and _; unique among active records'
              : 'unique among active records',
        },
        description: { label: 'Description', widget: 'textarea' },
        isActive: { label: 'Active', column: { width: 90 } },
      },
    },
    derive: (record) => ({
      ...record,
      description: record.description ?? null,
      isActive: record.isActive ?? true,
    }),
  });
}

interface TaxonomyOptions {
  name: string;
  path: TaxonomyKind;
  title: string;
  singular: string;
}

/** Spec §3 taxonomies: name, slug, isActive; the taxonomy's feature is on while one is active. */
export function defineTaxonomy(options: TaxonomyOptions) {
  const eventPrefix = options.name.charAt(0).toUpperCase() + options.name.slice(1);
  return defineResource({
    name: options.name,
    eventPrefix,
    path: options.path,
    subject: 'Configuration',
    schema: z.object({ name, slug, isActive: z.boolean().optional() }),
    list: {
      fields: { name: 'text', slug: 'text', isActive: 'boolean' },
      defaultSort: [['name', 'ASC']],
    },
    unique: [
      {
        fields: ['slug'],
        message: `Another active ${options.singular.toLowerCase()} already has this slug.`,
        amongActive: true,
      },
      activeNameRule(options.singular),
    ],
    ui: {
      title: options.title,
      singular: options.singular,
      description: `A taxonomy: its fields show everywhere while at least one ${options.singular.toLowerCase()} is active.`,
      fields: {
        name: { label: 'Name' },
        slug: { label: 'Slug', column: { width: 160 } },
        isActive: { label: 'Active', column: { width: 90 } },
      },
    },
    derive: (record) => ({ ...record, isActive: record.isActive ?? true }),
  });
}
