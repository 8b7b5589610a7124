export * from './runner/projection.js';
export * from './realtime/index.js';
export * from './readModels/settings/index.js';
export * from './api/index.js';
