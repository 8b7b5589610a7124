export * from './classify.js';
export * from './imports.js';
