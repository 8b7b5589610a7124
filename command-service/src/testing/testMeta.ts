import { defaultTestMeta } from '@allot/shared-events/testing';
import type { CommandMeta } from '../commandHandling/decider.js';

/** The meta a test's command runs with (the decider tests' default), with its overrides. */
export function testMeta(overrides: Partial<CommandMeta> = {}): CommandMeta {
  return { ...defaultTestMeta, ...overrides };
}
