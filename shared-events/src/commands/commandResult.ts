import { z } from 'zod';

/**
 * What every successful command answers (DESIGN §4): the entity's id, the stream revision after
 * the command (-1 when the stream still does not exist) and the store position as an opaque token
 * to send back in `X-Allot-Position` for read-your-writes.
 */
export const CommandResult = z.object({
  id: z.string(),
  revision: z.number().int().min(-1),
  position: z.string(),
});
export type CommandResult = z.infer<typeof CommandResult>;
