export * from './cells.js';
export * from './kinds.js';
export * from './runs.js';
export * from './specs.js';
