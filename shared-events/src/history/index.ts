export * from './changeDisplay.js';
export * from './diff.js';
export * from './names.js';
export * from './resourceChangeDisplay.js';
export * from './sectionChangeDisplay.js';
