import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const LOCK_FILE = 'allot.lock';

export interface DataDirLock {
  release(): Promise<void>;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no locking of its own: two processes on one folder corrupt it. The first start
 * writes its pid into the folder; a second start refuses while that process lives.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, mine, { flag: 'wx' });
      return {
        async release() {
          const owner = await readFile(file, 'utf8').catch(() => '');
          if (owner.trim() === mine) await unlink(file).catch(() => undefined);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
      throw new Error(
        `another Allot (process ${String(owner)}) is using ${dataDir}; stop it first or set ALLOT_DATA_DIR to another folder (if none is running, delete ${file}).`,
      );
    }
    // Left behind by a process that is gone.
    await unlink(file).catch(() => undefined);
  }
  throw new Error(`could not lock ${dataDir}: delete ${file} and start again.`);
}
