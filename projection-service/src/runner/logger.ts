/** The subset of pino's API the runner uses, so Fastify's `app.log` can be passed as is. */
export interface ProjectionLogger {
  info(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
  error(obj: Record<string, unknown>, msg?: string): void;
}

function line(level: string, obj: Record<string, unknown>, msg?: string): string {
  return `[projection ${level}] ${msg ?? ''} ${JSON.stringify(obj, (_k, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : v instanceof Error ? v.message : v,
  )}`;
}

/** Used when no logger is given: one line per message on stderr. */
export const consoleProjectionLogger: ProjectionLogger = {
  info: (obj, msg) => console.error(line('info', obj, msg)),
  warn: (obj, msg) => console.error(line('warn', obj, msg)),
  error: (obj, msg) => console.error(line('error', obj, msg)),
};

/** For tests and tools that want silence. */
export const silentProjectionLogger: ProjectionLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
