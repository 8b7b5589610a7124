export * from './reportTypes.js';
export * from './definitions.js';
export * from './query.js';
export * from './gridState.js';
export * from './savedReports.js';
export * from './reportExports.js';
export * from './dataServices.js';
