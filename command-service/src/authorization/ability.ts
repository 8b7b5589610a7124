import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { ForbiddenError } from '../errors/errors.js';

/**
 * The request's abilities. Actions and subjects are plain strings until the permission rules of
 * the product (spec §6) land in shared-events; the shape stays CASL's, so they slot in.
 */
export type AppAbility = MongoAbility;
export type AppRule = RawRuleOf<AppAbility>;

export function abilityFromRules(rules: readonly AppRule[]): AppAbility {
  return createMongoAbility([...rules]);
}

/** A caller without a session: no rules at all. */
export function emptyAbility(): AppAbility {
  return createMongoAbility([]);
}

/** The system actor (demo seeding, jobs) may run every command. */
export function systemAbility(): AppAbility {
  return createMongoAbility([{ action: 'manage', subject: 'all' }]);
}

/** `throwUnlessCan` with our ForbiddenError, so the error handler answers 403. */
export function assertCan(
  ability: AppAbility,
  action: string,
  subject: Parameters<AppAbility['can']>[1],
  field?: string,
): void {
  if (!ability.can(action, subject, field)) {
    throw new ForbiddenError('You are not allowed to do this.');
  }
}
