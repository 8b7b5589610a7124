export * from './classify.js';
export * from './imports.js';
export * from './timeline.js';
export * from './mine.js';
export * from './overview.js';
