import { readFile, stat } from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';
import { MAX_IMPORT_BYTES, type ImportSource } from '@allot/shared-events';

/** Where saved imports may read files by themselves (the operators' configuration). */
export interface ImportSourceOptions {
  /** The import folder (`ALLOT_IMPORT_DIR`); null: none configured, folder sources refused. */
  folder: string | null;
  /** Extra certificate authorities (PEM) an HTTPS source's certificate may be signed by. */
  ca?: string | Buffer | null;
  /** How long an HTTPS source may take to answer in all. */
  timeoutMs?: number;
}

/** A source that could not be read, in words for the saved import's owner. */
export class UnreadableSource extends Error {
  override readonly name = 'UnreadableSource';
}

const TOO_LARGE = `The file is larger than ${String(MAX_IMPORT_BYTES / 1024 / 1024)} MB.`;

async function readFolderFile(folder: string | null, fileName: string) {
  if (!folder) {
    throw new UnreadableSource(
      'No import folder is configured here: an operator sets ALLOT_IMPORT_DIR.',
    );
  }
  const root = path.resolve(folder);
  const file = path.resolve(root, fileName);
  // A name is one file of the folder: never a way out of it.
  if (path.dirname(file) !== root) {
    throw new UnreadableSource(`"${fileName}" is not a file name of the import folder.`);
  }
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) {
    throw new UnreadableSource(`The import folder has no file "${fileName}".`);
  }
  if (found.size > MAX_IMPORT_BYTES) throw new UnreadableSource(TOO_LARGE);
  return { fileName, bytes: await readFile(file) };
}

function download(url: URL, options: ImportSourceOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      url,
      { ...(options.ca ? { ca: options.ca } : {}), timeout: options.timeoutMs ?? 60_000 },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new UnreadableSource(`${url.host} answered ${String(status)}.`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_IMPORT_BYTES) {
            request.destroy(new UnreadableSource(TOO_LARGE));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new UnreadableSource(`${url.host} did not answer in time.`)),
    );
    request.on('error', (err) =>
      reject(
        err instanceof UnreadableSource
          ? err
          : new UnreadableSource(`${url.host} could not be read: ${err.message}`),
      ),
    );
  });
}

/**
 * The file a saved import reads by itself: from the import folder (a file name, never a path
 * out of it) or over HTTPS (certificates checked, against the configured authorities as well),
 * at most MAX_IMPORT_BYTES. Anything in the way is an UnreadableSource in words.
 */
export async function readImportSource(
  source: ImportSource,
  options: ImportSourceOptions,
): Promise<{ fileName: string; bytes: Buffer }> {
  if (source.type === 'folder') return readFolderFile(options.folder, source.fileName);
  const url = new URL(source.url);
  if (url.protocol !== 'https:') throw new UnreadableSource('Only HTTPS addresses are read.');
  const bytes = await download(url, options);
  const fileName = decodeURIComponent(url.pathname.split('/').pop() ?? '') || url.host;
  return { fileName, bytes };
}
