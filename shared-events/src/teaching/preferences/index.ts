export * from './schemas.js';
export * from './events.js';
export * from './commands.js';
export * from './bodies.js';
export * from './decider.js';
