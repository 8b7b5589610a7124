export * from './historyRoutes.js';
export * from './recordHistory.js';
export * from './sectionHistory.js';
