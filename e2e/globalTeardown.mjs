import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  const state = globalThis.__allotE2e;
  if (!state) return;
  const exited = new Promise((resolve) => state.child.once('exit', resolve));
  state.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (state.child.exitCode === null) state.child.kill('SIGKILL');
  await rm(state.dataDir, { recursive: true, force: true });
}
