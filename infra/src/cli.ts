// `allot <command>` (infra/bin/allot.mjs): operations beside the server, on the same configuration.
import { runReplayCli } from '@allot/projection-service';
import { formatStartupError } from './config/formatStartupError.js';
import { loadConfig } from './config/loadConfig.js';
import { openConnections } from './embedded/connections.js';
import { allProjections, isAllotEventType } from './embedded/projections.js';

const USAGE = `Usage: allot <command>

Commands:
  start                      start Allot (as npm start does, without building the frontend)
  replay [projection...]     rebuild read models from the event log (allot replay --help)

Configuration comes from the environment, as for the server (docs/configuration.md). On the
embedded database, stop the server first: one process at a time may open its folder.`;

async function replay(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    // Answered here: help must not need (or lock) the database.
    console.log(
      `Usage: allot replay [--batch-size=N] [projection...]\n\nRebuilds each named projection (all when none is named) into new tables while reads keep using\nthe current ones, then switches reads over atomically.\n\nProjections: ${allProjections.map((p) => p.name).join(', ')}`,
    );
    return 0;
  }
  const config = loadConfig();
  const connections = await openConnections(config);
  try {
    return await runReplayCli(args, {
      projections: allProjections,
      store: connections.store,
      knex: connections.knex,
      knownEventTypes: isAllotEventType,
    });
  } finally {
    await connections.close();
  }
}

const [command, ...args] = process.argv.slice(2);
try {
  switch (command) {
    case 'start':
      await import('./main.js');
      break;
    case 'replay':
      process.exitCode = await replay(args);
      break;
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      console.log(USAGE);
      break;
    default:
      console.error(`Unknown command ${command}.\n\n${USAGE}`);
      process.exitCode = 2;
  }
} catch (err) {
  console.error(formatStartupError(err).replace(/^Allot cannot start: /gm, 'allot: '));
  process.exitCode = 1;
}
