import { z } from 'zod';
import { academicPeriods, academicTermTypes, defineResource } from '@allot/shared-events/browser';
import {
  humanize,
  resolveFields,
  uiOf,
  visibleFields,
  widgetFor,
  type ResolvedField,
} from './resourceUi.js';

describe('widgetFor derives the widget from the zod type', () => {
  it.each([
    [z.string().trim().min(1), 'name', 'text'],
    [z.iso.date(), 'startDate', 'date'],
    [z.boolean().optional(), 'isActive', 'checkbox'],
    [z.number().int().nullable().optional(), 'capacity', 'number'],
    [z.enum(['dark', 'light']), 'value', 'select'],
    [z.string(), 'primaryColor', 'color'],
    [z.array(z.object({ slug: z.string() })), 'Roles', 'json'],
  ] as const)('%#: %s → %s', (schema, name, widget) => {
    expect(widgetFor(schema, name)).toBe(widget);
  });
});

describe('resolveFields', () => {
  it('keeps the ui order and marks required, list type and widget', () => {
    const fields = resolveFields(academicTermTypes);
    expect(fields.map((f) => f.name)).toEqual(['name', 'slug', 'isActive']);
    const [name, , isActive] = fields;
    expect(name).toMatchObject({ required: true, widget: 'text', listType: 'text' });
    expect(isActive).toMatchObject({ required: false, widget: 'checkbox', listType: 'boolean' });
  });

  it('gives dates the date widget (academic periods)', () => {
    const start = resolveFields(academicPeriods).find((f) => f.name === 'startDate');
    expect(start?.widget).toBe('date');
  });

  it('derives a ui from the schema when a kind declares none', () => {
    const bare = defineResource({
      name: 'thing',
      eventPrefix: 'Thing',
      path: 'things',
      subject: 'Configuration',
      schema: z.object({ name: z.string(), internalNote: z.string().optional() }),
      list: { fields: { name: 'text' }, defaultSort: [['name', 'ASC']] },
    });
    const ui = uiOf(bare);
    expect(ui.title).toBe('Things');
    expect(ui.singular).toBe('Thing');
    expect(ui.fields.internalNote).toEqual({ label: 'Internal Note', column: false });
  });
});

describe('humanize', () => {
  it('turns keys into labels', () => {
    expect(humanize('academicTermTypes')).toBe('Academic Term Types');
    expect(humanize('EmployeeId')).toBe('Employee Id');
  });
});

describe('visibleFields hides taxonomy fields while no active taxonomy of the kind exists', () => {
  const field = (name: string, taxonomy?: ResolvedField['taxonomy']): ResolvedField => ({
    name,
    label: name,
    widget: 'reference',
    required: false,
    listType: null,
    ...(taxonomy ? { taxonomy } : {}),
  });
  const fields = [field('name'), field('CampusId', 'campuses'), field('MajorId', 'majors')];

  it('shows only the enabled kinds', () => {
    expect(visibleFields(fields, { campuses: true, majors: false }).map((f) => f.name)).toEqual([
      'name',
      'CampusId',
    ]);
  });

  it('hides every taxonomy field until the state is known', () => {
    expect(visibleFields(fields, undefined).map((f) => f.name)).toEqual(['name']);
  });
});
