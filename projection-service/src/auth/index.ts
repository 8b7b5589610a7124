export * from './authFacts.js';
export * from './authContext.js';
export * from './appVersion.js';
export * from './requestAuth.js';
export * from './authRoutes.js';
export * from './workingPeriodsProjection.js';
export * from './authFactsProjection.js';
export * from './readModelAuthFacts.js';
