export * from './cloneSettings.js';
export * from './snapshot.js';
