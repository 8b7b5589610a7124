import {
  useCreateResourceMutation,
  useDeleteResourceMutation,
  useUpdateResourceMutation,
} from '../../../lib/api/resourceApi.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';

export type CostPath = 'instructorRates' | 'instructorCosts';

/**
 * Writes of rates and costs through the generic record calls, each answering the server's
 * sentence when refused (null when done), for the small forms of the matrix.
 */
export function useCostWrites(path: CostPath) {
  const [create] = useCreateResourceMutation();
  const [update] = useUpdateResourceMutation();
  const [remove] = useDeleteResourceMutation();
  const sentence = (result: { error?: Parameters<typeof problemOf>[0] }) =>
    result.error ? problemOf(result.error).message : null;
  return {
    create: async (body: Record<string, unknown>) => sentence(await create({ path, body })),
    update: async (id: string, revision: number, body: Record<string, unknown>) =>
      sentence(await update({ path, id, revision, body })),
    remove: async (id: string) => sentence(await remove({ path, id })),
  };
}
