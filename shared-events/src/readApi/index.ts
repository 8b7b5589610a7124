export * from './common.js';
export * from './sections.js';
export * from './schedule.js';
export * from './workload.js';
export * from './offeringOverview.js';
export * from './authContext.js';
export * from './approvals.js';
export * from './dashboard.js';
