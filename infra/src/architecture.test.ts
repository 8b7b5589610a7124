import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cycles, importGraph, sourceFiles } from '../../testing/importGraph.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PACKAGES = ['shared-events', 'command-service', 'projection-service', 'infra', 'frontend'];

// A cycle ties its modules into one: none can be read, moved or tested without the others.
describe.each(PACKAGES)('%s imports', (pkg) => {
  it('form no cycle (type-only imports included)', () => {
    const graph = importGraph(sourceFiles(path.join(repoRoot, pkg, 'src')));
    const found = cycles(graph).map((c) => c.map((file) => path.relative(repoRoot, file)));
    expect(found).toEqual([]);
  });
});
