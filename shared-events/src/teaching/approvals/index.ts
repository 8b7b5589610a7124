export * from './commands.js';
export * from './events.js';
export * from './decider.js';
