import {
  AbilityBuilder,
  createMongoAbility,
  subject,
  type ForcedSubject,
  type MongoAbility,
} from '@casl/ability';
import type { Action, Subject, SubjectName } from './types.js';

/** The attributes rules put conditions on, per subject. */
export interface ConditionedAttributes {
  Section: { WorkgroupId: string };
  MyAdminAssignment: { UserId: string };
  EffortTimeline: { UserId: string };
}

/** A subject instance: an object tagged with its type (see `subjectOf`), so conditions apply. */
export type SubjectInstance = {
  [K in SubjectName]: ForcedSubject<K> &
    (K extends keyof ConditionedAttributes ? ConditionedAttributes[K] : Record<string, unknown>);
}[SubjectName];

export type AppAbility = MongoAbility<[Action, Subject | SubjectInstance]>;
export type AppAbilityBuilder = AbilityBuilder<AppAbility>;

export function createAppAbilityBuilder(): AppAbilityBuilder {
  return new AbilityBuilder<AppAbility>(createMongoAbility);
}

/** Tags a plain object (a section, a user's assignment, …) with its subject type for a check. */
export function subjectOf<T extends SubjectName, O extends Record<string, unknown>>(
  type: T,
  object: O,
): O & ForcedSubject<T> {
  return subject(type, object);
}
