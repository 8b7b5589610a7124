import { describe, it } from '@jest/globals';
import { eventSchemas, type TeachingNotificationKind } from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { DomainRuleError } from '../errors/errors.js';
import { notificationDecider, type NotificationEvent } from './decider.js';

const validate = (event: { type: string; data: unknown }) =>
  eventSchemas[event.type]?.parse(event.data);
const spec = DeciderSpecification.for(notificationDecider, { validate });

const mark = (ids: string[], upTo: string | null) => ({
  type: 'MarkNotificationsRead' as const,
  data: { userId: 'u1', ids, upTo },
});
const read = (ids: string[], upTo: string | null): NotificationEvent => ({
  type: 'NotificationsRead',
  data: { userId: 'u1', ids, upTo },
});

describe('a person’s notifications', () => {
  it('are read by id, every time it is asked', () => {
    spec
      .given([])
      .when(mark(['a'], null))
      .then([read(['a'], null)]);
    spec
      .given([read(['a'], null)])
      .when(mark(['a'], null))
      .then([read(['a'], null)]);
  });

  it('are read up to an instant; up to an earlier or the same one writes nothing', () => {
    const noon = '2026-11-27T12:00:00.000Z';
    spec
      .given([])
      .when(mark([], noon))
      .then([read([], noon)]);
    spec
      .given([read([], noon)])
      .when(mark([], noon))
      .then([]);
    spec
      .given([read([], noon)])
      .when(mark([], '2026-11-27T11:00:00.000Z'))
      .then([]);
    spec
      .given([read([], noon)])
      .when(mark([], '2026-11-27T13:00:00+01:00'))
      .then([]);
    spec
      .given([read([], noon)])
      .when(mark([], '2026-11-27T12:00:01.000Z'))
      .then([read([], '2026-11-27T12:00:01.000Z')]);
  });
});

describe('a person’s notification settings', () => {
  type Kinds = TeachingNotificationKind[];
  const set = (appOff: Kinds, emailOff: Kinds) => ({
    type: 'SetNotificationPreferences' as const,
    data: { userId: 'u1', appOff, emailOff },
  });
  const wasSet = (appOff: Kinds, emailOff: Kinds): NotificationEvent => ({
    type: 'NotificationPreferencesSet',
    data: { userId: 'u1', appOff, emailOff },
  });

  it('are kept sorted, once each', () => {
    spec
      .given([])
      .when(set(['meetingsChanged', 'assignmentProposed', 'meetingsChanged'], []))
      .then([wasSet(['assignmentProposed', 'meetingsChanged'], [])]);
  });

  it('write nothing when they are what they were, in any order', () => {
    spec.given([]).when(set([], [])).then([]);
    spec
      .given([wasSet(['assignmentProposed', 'meetingsChanged'], ['meetingsChanged'])])
      .when(set(['meetingsChanged', 'assignmentProposed'], ['meetingsChanged']))
      .then([]);
    spec
      .given([wasSet(['meetingsChanged'], [])])
      .when(set([], []))
      .then([wasSet([], [])]);
  });
});

describe('a person’s e-mail digests', () => {
  const digest = (sentAt: string) => ({
    userId: 'u1',
    ids: ['n1'],
    sentAt,
    to: ['u1@example.edu'],
    subject: 'Allot: a change',
    text: '…',
    messageId: null,
    response: '250 OK',
  });
  const record = (sentAt: string) => ({
    type: 'RecordNotificationDigest' as const,
    data: digest(sentAt),
  });
  const sent = (sentAt: string): NotificationEvent => ({
    type: 'NotificationDigestSent',
    data: digest(sentAt),
  });

  it('go one an hour at most', () => {
    spec
      .given([])
      .when(record('2026-11-28T10:00:00.000Z'))
      .then([sent('2026-11-28T10:00:00.000Z')]);
    spec
      .given([sent('2026-11-28T10:00:00.000Z')])
      .when(record('2026-11-28T10:40:00.000Z'))
      .thenThrows(DomainRuleError, 'A digest went to this person less than an hour ago.');
    spec
      .given([sent('2026-11-28T10:00:00.000Z')])
      .when(record('2026-11-28T11:00:00.000Z'))
      .then([sent('2026-11-28T11:00:00.000Z')]);
  });
});
