export * from './sessionDirectory.js';
export * from './masquerade.js';
export * from './workingPeriod.js';
export * from './mergeUsers.js';
export * from './sessionRoutes.js';
export * from './sessionPlugin.js';
export * from './unauthorized.js';
export * from './mergeFollowUps.js';
