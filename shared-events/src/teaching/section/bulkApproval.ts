import { z } from 'zod';

/*
 * The bulk approval routes' body and answer, apart from the section commands so the browser entry
 * can export them (this module imports only zod; commands.ts reaches rrule through meetings.ts).
 */

/** The most assignments one bulk approval approves; the page sends larger selections in chunks. */
export const BULK_APPROVAL_MAX = 200;

const bulkItem = z
  .object({
    SectionId: z.string().trim().min(1).max(100).describe('The section of the assignment.'),
    id: z.string().trim().min(1).max(100).describe('The assignment.'),
  })
  .strict();

/**
 * Body of `POST /api/sectionAssignments/approve` and `/finalize`: the assignments to approve,
 * each once; each is an `ApproveAssignment` of its own.
 */
export const BulkApprovalBody = z
  .object({ assignments: z.array(bulkItem).min(1).max(BULK_APPROVAL_MAX) })
  .strict()
  .superRefine(({ assignments }, ctx) => {
    const seen = new Set<string>();
    assignments.forEach((item, index) => {
      const key = JSON.stringify([item.SectionId, item.id]);
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['assignments', index],
          message: 'names an assignment already in the list',
        });
      }
      seen.add(key);
    });
  });
export type BulkApprovalBody = z.infer<typeof BulkApprovalBody>;

/** What a bulk approval answers: the items are independent, a refused one does not stop the rest. */
export const BulkApprovalAnswer = z.object({
  approved: z.array(z.object({ SectionId: z.string(), id: z.string(), revision: z.number() })),
  refused: z.array(
    z.object({
      SectionId: z.string(),
      id: z.string(),
      statusCode: z.number().int(),
      message: z.string(),
    }),
  ),
  /** The latest position written (X-Allot-Position); null when nothing was. */
  position: z
    .string()
    .nullable()
    .describe('The latest position written, for X-Allot-Position; null when nothing was.'),
});
export type BulkApprovalAnswer = z.infer<typeof BulkApprovalAnswer>;
