import { defineConfigurationList } from './configurationList.js';

/** Divisions of the institution a faculty member belongs to. */
export const divisions = defineConfigurationList({
  name: 'division',
  path: 'divisions',
  subject: 'Configuration',
  title: 'Divisions',
  singular: 'Division',
  description: 'Divisions of the institution a faculty member belongs to.',
  key: 'code',
  menu: { order: 5, icon: 'diagram-tree' },
});
