import { describe, it } from '@jest/globals';
import { eventSchemas } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError, NotFoundError } from '../../errors/errors.js';
import { importSpecDecider, type ImportSpecEvent } from './decider.js';

const validate = (event: { type: string; data: unknown }) =>
  eventSchemas[event.type]?.parse(event.data);
const spec = DeciderSpecification.for(importSpecDecider, { validate });

const definition = {
  id: 'i1',
  name: 'Sections from the SIS',
  description: null,
  kind: 'sections' as const,
  mapping: { sectionNumber: 'Sect' },
  valueMappings: { teachingMode: { LEC: 'In Person' } },
  removeMissing: false,
  acceptConflicts: false,
  source: null,
  timeZone: 'UTC',
  schedule: null,
};
const created: ImportSpecEvent = { type: 'ImportSpecCreated', data: definition };

describe('saved imports', () => {
  it('are created once; the same create again changes nothing', () => {
    spec.given([]).when({ type: 'CreateImportSpec', data: definition }).then([created]);
    spec.given([created]).when({ type: 'CreateImportSpec', data: definition }).then([]);
    spec
      .given([created])
      .when({ type: 'CreateImportSpec', data: { ...definition, name: 'Other' } })
      .thenThrows(DomainRuleError, 'This saved import exists already.');
  });

  it('change as a whole, and an unchanged save writes nothing', () => {
    const changed = { ...definition, mapping: { sectionNumber: 'Section' } };
    spec
      .given([created])
      .when({ type: 'UpdateImportSpec', data: changed })
      .then([{ type: 'ImportSpecUpdated', data: changed }]);
    spec.given([created]).when({ type: 'UpdateImportSpec', data: definition }).then([]);
    spec
      .given([])
      .when({ type: 'UpdateImportSpec', data: definition })
      .thenThrows(NotFoundError, 'There is no such saved import.');
  });

  it('are deleted once', () => {
    const deleted: ImportSpecEvent = { type: 'ImportSpecDeleted', data: { id: 'i1' } };
    spec
      .given([created])
      .when({ type: 'DeleteImportSpec', data: { id: 'i1' } })
      .then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'DeleteImportSpec', data: { id: 'i1' } })
      .then([]);
  });
});
