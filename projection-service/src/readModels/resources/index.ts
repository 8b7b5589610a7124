export * from './projection.js';
export * from './query.js';
export * from './routes.js';
export * from './inUse.js';
export * from './mergedUsers.js';
export * from './reader.js';
