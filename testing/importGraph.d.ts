/** Source files under `dir`; tests and `testing/` helpers left out unless `tests` is set. */
export function sourceFiles(dir: string, options?: { tests?: boolean }): string[];
/** Each file's resolved relative imports (type-only ones included). */
export function importGraph(files: readonly string[]): Map<string, Set<string>>;
/** The strongly connected components of more than one module, each sorted. */
export function cycles(graph: Map<string, Set<string>>): string[][];
