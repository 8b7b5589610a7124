export * from './settingsProjection.js';
export * from './settingsQuery.js';
