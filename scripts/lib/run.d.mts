/** Node flags that run the workspace's TypeScript sources directly (see run.mjs). */
export function tsxFlags(): string[];
