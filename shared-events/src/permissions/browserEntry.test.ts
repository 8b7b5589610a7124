import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BROWSER_SAFE_PACKAGES = new Set(['zod', '@casl/ability']);

/** Every module specifier reachable from `file` through relative imports and re-exports. */
function externalImports(file: string, seen = new Set<string>()): Set<string> {
  const externals = new Set<string>();
  if (seen.has(file)) return externals;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  // `import type` and `export type` are erased when compiled: they reach nothing at run time.
  for (const match of source.matchAll(/(?:import|export)\s(?!type\s)[^'"]*?from\s+'([^']+)'/g)) {
    const specifier = match[1] ?? '';
    if (specifier.startsWith('.')) {
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      for (const external of externalImports(target, seen)) externals.add(external);
    } else {
      externals.add(specifier);
    }
  }
  return externals;
}

describe('@allot/shared-events/browser', () => {
  it('reaches only browser-safe packages', () => {
    const externals = [...externalImports(resolve(SRC, 'browser.ts'))];
    expect(externals.filter((name) => !BROWSER_SAFE_PACKAGES.has(name))).toEqual([]);
    expect(externals.sort()).toEqual(['@casl/ability', 'zod']);
  });
});
