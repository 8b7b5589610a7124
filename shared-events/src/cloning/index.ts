export * from './cloneSettings.js';
