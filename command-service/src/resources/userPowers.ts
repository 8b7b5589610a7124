import {
  ROLE_SLUGS,
  rolesBeyond,
  users,
  type AbilityLike,
  type ResourceDefinition,
  type ResourceRecord,
  type RoleSlug,
} from '@allot/shared-events';
import { ForbiddenError } from '../errors/errors.js';

const ROLE_NAMES: Record<RoleSlug, string> = {
  admin: 'Admin',
  academicOpsAdmin: 'Academic Ops Admin',
  academicAffairsApprover: 'Academic Affairs Approver',
  businessOfficeAdmin: 'Business Office Admin',
  financialReportingUser: 'Financial Reporting User',
  reportingUser: 'Reporting User',
  sectionScheduler: 'Section Scheduler',
  effortManager: 'Effort Manager',
  effortContributor: 'Effort Contributor',
  faculty: 'Faculty',
};

/** A record's role slugs (`Roles: [{ slug }]`), the known ones only. */
export function rolesOf(record: Record<string, unknown> | null | undefined): RoleSlug[] {
  const listed = Array.isArray(record?.Roles) ? (record.Roles as { slug?: unknown }[]) : [];
  return listed
    .map((r) => r.slug)
    .filter((slug): slug is RoleSlug => ROLE_SLUGS.includes(slug as RoleSlug));
}

/**
 * Nobody rises above their own powers through a user record: the roles a write adds must be
 * ones the writer could hand out (`rolesBeyond`), and a user who holds powers the writer lacks
 * (an administrator, to academic operations) is not theirs to change, deactivate or delete, or
 * they could take the account over (its e-mail signs in). Editing only another subject's fields
 * (financial data) changes no powers and is left to that subject's rule.
 */
export function guardUserPowers(
  definition: ResourceDefinition,
  ability: AbilityLike,
  payload: ResourceRecord,
  current: ResourceRecord | null,
  changesOnlyOtherSubjects: boolean,
): void {
  if (definition.name !== users.name || changesOnlyOtherSubjects) return;
  const held = rolesOf(current);
  const above = rolesBeyond(ability, held);
  if (above.length > 0) {
    throw new ForbiddenError(
      `You may not change this user: as ${ROLE_NAMES[above[0]!]} they hold powers you do not.`,
    );
  }
  if (payload.Roles === undefined) return;
  const added = rolesOf(payload).filter((role) => !held.includes(role));
  const [beyond] = rolesBeyond(ability, added);
  if (beyond) {
    throw new ForbiddenError(
      `You may not grant the ${ROLE_NAMES[beyond]} role: it gives powers you do not hold.`,
    );
  }
}
