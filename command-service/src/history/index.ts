export * from './attribution.js';
export * from './historyNames.js';
export * from './historyRoutes.js';
export * from './recordHistory.js';
export * from './sectionHistory.js';
export * from './settingsHistory.js';
export * from './userHistory.js';
