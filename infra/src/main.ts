// The embedded start (`npm start`): reads the environment, starts everything, prints the URL.
import { formatStartupError } from './config/formatStartupError.js';
import { loadConfig, type AllotConfig } from './config/loadConfig.js';
import { signInSummary } from './embedded/identity.js';
import { startAllot, type RunningAllot } from './embedded/startAllot.js';

function describeStartFailure(err: unknown, config: AllotConfig): string {
  if ((err as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE') {
    return `Allot cannot start: port ${String(config.port)} is already in use; stop what uses it or set PORT to another port.`;
  }
  return formatStartupError(err);
}

let config: AllotConfig;
try {
  config = loadConfig();
} catch (err) {
  console.error(formatStartupError(err));
  process.exit(1);
}

let allot: RunningAllot;
try {
  allot = await startAllot(config);
} catch (err) {
  console.error(describeStartFailure(err, config));
  if (config.logLevel === 'debug' || config.logLevel === 'trace') console.error(err);
  process.exit(1);
}

const where = config.databaseUrl
  ? 'PostgreSQL from DATABASE_URL'
  : `embedded PGlite in ${config.dataDir}`;
console.log(`\nAllot is running at ${allot.url}  (${config.mode} mode, ${where})`);
console.log(signInSummary(config));
if (allot.seedReport.applied.length > 0)
  console.log(`Demo data seeded: ${allot.seedReport.applied.join(', ')}.`);
console.log('Press Ctrl+C to stop.\n');

let stoppingSince: number | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stoppingSince !== null) {
      // One Ctrl+C reaches us several times (the terminal's process group, npm, scripts/start.mjs);
      // only a second press, later, means "stop now".
      if (Date.now() - stoppingSince > 1000) process.exit(130);
      return;
    }
    stoppingSince = Date.now();
    console.log('\nStopping Allot…');
    allot.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(formatStartupError(err));
        process.exit(1);
      },
    );
  });
}
