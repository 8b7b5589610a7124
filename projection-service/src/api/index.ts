export * from './projectionServicePlugin.js';
export { handleReadError } from './errorHandler.js';
export * from '../http/viewer.js';
