export * from './meetings.js';
export * from './conflicts.js';
export * from './alignment.js';
export * from './workload.js';
export * from './section/index.js';
export * from './suggestions.js';
