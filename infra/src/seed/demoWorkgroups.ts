import { APPROVE_BIT, ASSIGN_BIT } from '@allot/shared-events';
import { createOnce } from './demoCreate.js';
import { demoUserId } from './demoUsers.js';
import type { SeedStep } from './seedStep.js';

const READ_ONLY = 0;
const BOTH = APPROVE_BIT | ASSIGN_BIT;

/** Departments whose members hold every permission bit (none, approve, assign, both). */
export const DEMO_WORKGROUPS: readonly {
  key: string;
  name: string;
  members: readonly [username: string, permission: number][];
}[] = [
  {
    key: 'mathematics',
    name: 'Mathematics',
    members: [
      ['faculty', BOTH],
      ['mgarcia', ASSIGN_BIT],
      ['jchen', APPROVE_BIT],
      ['aokafor', READ_ONLY],
    ],
  },
  {
    key: 'biology',
    name: 'Biology',
    members: [
      ['lnguyen', BOTH],
      ['rmueller', ASSIGN_BIT],
      ['spatel', APPROVE_BIT],
    ],
  },
  {
    key: 'english',
    name: 'English',
    members: [
      ['spatel', BOTH],
      ['aokafor', ASSIGN_BIT],
      ['sectionScheduler', READ_ONLY],
    ],
  },
];

export const demoWorkgroupsStep: SeedStep = {
  name: 'demo-workgroups',
  async run(ctx) {
    for (const workgroup of DEMO_WORKGROUPS) {
      await createOnce(ctx, 'CreateWorkgroup', {
        id: ctx.id(`workgroup/${workgroup.key}`),
        name: workgroup.name,
        members: workgroup.members.map(([username, permission]) => ({
          UserId: demoUserId(username),
          permission,
        })),
      });
    }
  },
};
