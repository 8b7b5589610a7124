export * from './projectionServicePlugin.js';
