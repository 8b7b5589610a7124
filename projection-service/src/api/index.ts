export * from './projectionServicePlugin.js';
export { handleReadError } from './errorHandler.js';
export * from './viewer.js';
