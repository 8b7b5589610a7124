import { createHash } from 'node:crypto';

// A fixed namespace for Allot's name-based ids (a random v4 uuid, chosen once; the demo's ids and
// clones' ids depend on it: never change it).
const NAMESPACE = Buffer.from('6d1f0c3a8b2e4f5a9c7d1e2f3a4b5c6d', 'hex');

/**
 * A name-based (version 5) UUID: the same name gives the same id on every machine and every start,
 * so a seed step or a clone that runs again addresses the same entities instead of creating new
 * ones. Node only (node:crypto): not in the browser entry.
 */
export function deterministicId(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
