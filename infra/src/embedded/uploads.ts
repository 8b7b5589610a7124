import type { Knex } from 'knex';
import type { UploadFiles } from '@allot/command-service';
import { createUploadStore, migrateUploads, uploadTables } from '@allot/projection-service';

/**
 * Uploaded files across the two services: the uploads tables (projection-service, which serves
 * the downloads) migrated, and the port the write routes keep files through. Here because only
 * this package sees both.
 */
export async function composeUploads(knex: Knex): Promise<UploadFiles> {
  const tables = uploadTables();
  await migrateUploads(knex, tables);
  const store = createUploadStore(knex, tables);
  return { keep: (upload) => store.keep(upload), remove: (id) => store.remove(id) };
}
