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

// The projection-service's folders too (each of src/, a read model each of src/readModels/): the
// HTTP plugin registers the read models' routes, they use the shared route helpers (src/http/)
// and the runner, never the other way, so a folder is read with what it imports.
describe('projection-service folders', () => {
  it('import each other one way (no cycle between folders)', () => {
    const src = path.join(repoRoot, 'projection-service/src');
    const graph = importGraph(sourceFiles(src));
    const folderOf = (file: string) => {
      const parts = path.relative(src, file).split(path.sep);
      return parts[0] === 'readModels' && parts.length > 2 ? `readModels/${parts[1]}` : parts[0]!;
    };
    const folders = new Map<string, Set<string>>();
    for (const [file, imports] of graph) {
      const from = folderOf(file);
      const edges = folders.get(from) ?? new Set<string>();
      for (const target of imports) if (folderOf(target) !== from) edges.add(folderOf(target));
      folders.set(from, edges);
    }
    expect(cycles(folders)).toEqual([]);
  });
});

// The frontend's layers hold in the lint (eslint.config.js): a file, test or not, that imports
// another feature is refused with a sentence saying what to do instead.
describe('the frontend lint', () => {
  async function problems(file: string, source: string): Promise<string[]> {
    const [{ Linter }, tsParser, importX, resolver, { frontendLayers }] = await Promise.all([
      import('eslint'),
      import('@typescript-eslint/parser'),
      import('eslint-plugin-import-x'),
      import('eslint-import-resolver-typescript'),
      import('../../scripts/lib/frontendLayers.mjs'),
    ]);
    const linter = new Linter({ cwd: repoRoot });
    const zones = frontendLayers.map((zone) => ({
      ...zone,
      target: [zone.target].flat().map((t) => path.join(repoRoot, t)),
      from: [zone.from].flat().map((f) => path.join(repoRoot, f)),
    }));
    const messages = linter.verify(
      source,
      [
        {
          files: ['**/*.{ts,tsx}'],
          languageOptions: { parser: tsParser.default ?? tsParser },
          plugins: { 'import-x': importX.default ?? importX },
          settings: {
            'import-x/resolver-next': [
              resolver.createTypeScriptImportResolver({
                project: path.join(repoRoot, 'frontend/tsconfig.json'),
              }),
            ],
          },
          rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
        },
      ],
      path.join(repoRoot, file),
    );
    return messages.map((m) => m.message);
  }

  it('refuses a feature (or its test) importing another feature', async () => {
    const source =
      "import { SectionDrawer } from '../../teaching/components/SectionDrawer.js';\nexport { SectionDrawer };\n";
    for (const file of [
      'frontend/src/features/catalog/pages/Probe.tsx',
      'frontend/src/features/catalog/pages/Probe.test.tsx',
    ]) {
      expect(await problems(file, source)).toEqual([
        expect.stringContaining('A feature does not import another feature'),
      ]);
    }
  });

  it('lets a feature use shared code, and refuses shared code reaching into a feature or the app', async () => {
    expect(
      await problems(
        'frontend/src/features/catalog/pages/Probe.tsx',
        "import { DataTable } from '../../../components/list/DataTable.js';\nexport { DataTable };\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'frontend/src/lib/hooks/Probe.ts',
        "import { SectionDrawer } from '../../features/teaching/components/SectionDrawer.js';\nexport { SectionDrawer };\n",
      ),
    ).toEqual([expect.stringContaining('Shared code does not import a feature')]);
    expect(
      await problems(
        'frontend/src/components/list/Probe.ts',
        "import { AppShell } from '../../app/shell/AppShell.js';\nexport { AppShell };\n",
      ),
    ).toEqual([expect.stringContaining('Only the app')]);
  });
});
