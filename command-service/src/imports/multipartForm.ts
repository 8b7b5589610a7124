import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ValidationError } from '../errors/errors.js';
import { readTable, UnreadableFile } from './readTable.js';

const FILE_FIELD = 'file';

/** An uploaded form: its text fields as sent and its one file. */
export interface MultipartFile {
  fields: Record<string, string>;
  fileName: string;
  file: Buffer;
}

/** A form field holding JSON, parsed by a schema; absent or empty: undefined; else a 400. */
export function jsonField<T>(
  schema: z.ZodType<T>,
  text: string | undefined,
  field: string,
): T | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError([{ field, message: 'is not JSON' }]);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError([{ field, message: 'is not valid' }]);
  return parsed.data;
}

/**
 * The multipart form of an upload: its fields and the one file (in a field named `file`; other
 * files are read and dropped). A request without the form or the file is a 400 in words.
 */
export async function readMultipartFile(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart()) {
    throw new ValidationError(
      [{ field: FILE_FIELD, message: 'Required' }],
      'Send the file as a multipart form with a field named file.',
    );
  }
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  let fileName = '';
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== FILE_FIELD || file) {
        await part.toBuffer();
        continue;
      }
      fileName = part.filename.slice(0, 300);
      file = await part.toBuffer();
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file) {
    throw new ValidationError(
      [{ field: FILE_FIELD, message: 'Required' }],
      'Choose a file to import.',
    );
  }
  return { fields, fileName, file };
}

/** The uploaded file as a table, its unreadability a 400 in words. */
export async function tableOf(form: { file: Buffer }) {
  try {
    return await readTable(form.file);
  } catch (err) {
    if (err instanceof UnreadableFile) {
      throw new ValidationError([{ field: FILE_FIELD, message: err.message }], err.message);
    }
    throw err;
  }
}
