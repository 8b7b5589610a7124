import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { UploadTables } from './schema.js';

const CHUNK_BYTES = 1024 * 1024;

/** What kind of record an upload belongs to; its id is that record's. */
export type UploadKind = 'effortImport';

export interface NewUpload {
  /** The id of the record it belongs to (an effort import's). */
  id: string;
  kind: UploadKind;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  sha256: string;
  senderId: string | null;
  createdAt: Date;
}

export interface UploadFound {
  id: string;
  kind: UploadKind;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  senderId: string | null;
  createdAt: string;
}

interface UploadRow {
  id: string;
  kind: UploadKind;
  file_name: string;
  content_type: string;
  size: string | number;
  sha256: string;
  sender_id: string | null;
  created_at: Date;
}

/** Keeps uploaded files and hands them back, chunk by chunk. */
export function createUploadStore(knex: Knex, tables: UploadTables) {
  return {
    /** Keeps the file; the row and its chunks in one transaction (all or nothing). */
    async keep(upload: NewUpload): Promise<void> {
      await knex.transaction(async (trx) => {
        await trx(tables.uploads).insert({
          id: upload.id,
          kind: upload.kind,
          file_name: upload.fileName,
          content_type: upload.contentType,
          size: upload.bytes.length,
          sha256: upload.sha256,
          sender_id: upload.senderId,
          created_at: upload.createdAt,
        });
        for (let seq = 0; seq * CHUNK_BYTES < upload.bytes.length; seq += 1) {
          const data = upload.bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES);
          await trx(tables.chunks).insert({ upload_id: upload.id, seq, data });
        }
      });
    },

    async find(id: string, kind: UploadKind): Promise<UploadFound | null> {
      const row = await knex(tables.uploads).where({ id, kind }).first<UploadRow | undefined>();
      return row
        ? {
            id: row.id,
            kind: row.kind,
            fileName: row.file_name,
            contentType: row.content_type,
            size: Number(row.size),
            sha256: row.sha256,
            senderId: row.sender_id,
            createdAt: new Date(row.created_at).toISOString(),
          }
        : null;
    },

    async remove(id: string): Promise<void> {
      await knex(tables.uploads).where({ id }).delete();
    },

    /** The file, read chunk by chunk as the reader takes it. */
    file(id: string): Readable {
      let seq = 0;
      return Readable.from(
        (async function* chunks() {
          for (;;) {
            const row = await knex(tables.chunks)
              .where({ upload_id: id, seq })
              .first<{ data: Buffer } | undefined>('data');
            if (!row) return;
            yield row.data;
            seq += 1;
          }
        })(),
        { objectMode: false },
      );
    },
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
