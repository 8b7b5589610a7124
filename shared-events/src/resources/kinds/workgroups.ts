import { z } from 'zod';
import { APPROVE_BIT, ASSIGN_BIT } from '../../permissions/workgroupBits.js';
import { defineResource } from '../defineResource.js';
import { name, recordId } from './fields.js';

/**
 * A member's permission combines the defined bits (spec §6: 1 approve, 2 assign), so 0, 1, 2
 * or 3. No other bit means anything, so none is stored.
 */
export function isWorkgroupPermission(bits: number): boolean {
  return Number.isInteger(bits) && bits >= 0 && (bits & ~(APPROVE_BIT | ASSIGN_BIT)) === 0;
}

/** A member's link record (spec §3 WorkgroupUser); its id is assigned by the server. */
export const WorkgroupMember = z
  .object({
    id: recordId.optional(),
    UserId: recordId,
    permission: z.number().refine(isWorkgroupPermission, {
      message:
        'A workgroup member may approve (1), assign (2), do both (3) or neither (0); there is no other permission.',
      // The API answers this sentence as the refusal's message (command-service `sentenceFrom`).
      params: { sentence: true },
    }),
  })
  .strict();
export type WorkgroupMember = z.infer<typeof WorkgroupMember>;

function distinctUsers(members: readonly WorkgroupMember[]): boolean {
  return new Set(members.map((m) => m.UserId)).size === members.length;
}

/** A department or team whose members assign and approve its sections. */
export const workgroups = defineResource({
  name: 'workgroup',
  eventPrefix: 'Workgroup',
  path: 'workgroups',
  subject: 'Workgroup',
  schema: z.object({
    name,
    members: z
      .array(WorkgroupMember)
      .max(1000)
      .refine(distinctUsers, 'each user may be a member once')
      .optional(),
  }),
  list: { fields: { name: 'text' }, defaultSort: [['name', 'ASC']] },
  unique: [{ fields: ['name'], message: 'Another workgroup already has this name.' }],
  references: [
    {
      field: 'members.UserId',
      resource: 'user',
      message: 'A member of this workgroup does not exist.',
    },
  ],
  ui: {
    title: 'Workgroups',
    singular: 'Workgroup',
    description: 'Departments and teams whose members assign and approve their sections.',
    route: '/workgroups',
    menu: { branch: 'Administration', order: 3, icon: 'office' },
    fields: {
      name: { label: 'Name' },
      members: {
        label: 'Members',
        widget: 'members',
        reference: 'users',
        labelField: 'displayName',
        options: [
          { value: '1', label: 'Approve' },
          { value: '2', label: 'Assign' },
        ],
        column: false,
        help: 'Approvers approve the workgroup’s assignments and assigners assign instructors, both while the plan is in department review.',
      },
    },
  },
  // A member's link id is stable and pure: the workgroup and the user it links.
  derive: (record) => ({
    ...record,
    members: ((record.members ?? []) as WorkgroupMember[]).map((m) => ({
      ...m,
      id: m.id ?? `${record.id}.${m.UserId}`,
    })),
  }),
});
