export * from './resourceProjection.js';
export * from './resourceQuery.js';
export * from './resourceReadRoutes.js';
export * from './viewer.js';
export * from './inUse.js';
export * from './mergedUsers.js';
export * from './reader.js';
