export * from './eventStore/port.js';
export * from './eventStore/position.js';
export * from './eventStore/streamIds.js';
export * from "./embeddedPostgres/embeddedPostgres.js";
export * from './events/settings.js';
export * from './events/registry.js';
export * from './commands/settings.js';
export * from './commands/commandResult.js';
