import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCK_FILE, lockDataDir } from './dataDirLock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'allot-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('lets one start use a folder at a time', async () => {
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(
      `another Allot (process ${String(process.pid)}) is using ${dir}`,
    );
    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(path.join(dir, LOCK_FILE), String(gone));
    const lock = await lockDataDir(dir);
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await lock.release();
  });
});
