export * from './historyRoutes.js';
export * from './recordHistory.js';
