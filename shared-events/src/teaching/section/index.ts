export * from './schemas.js';
export * from './events.js';
export * from './commands.js';
export * from './bulkApproval.js';
export * from './bodies.js';
export * from './refusal.js';
export * from './decider.js';
export * from './authorize.js';
