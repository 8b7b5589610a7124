export * from './cells.js';
export * from './kinds.js';
