export * from './runner/projection.js';
export * from './realtime/index.js';
export * from './readModels/settings/index.js';
export * from './api/index.js';
export * from './runner/index.js';
export * from './replay/index.js';
export * from './readYourWrites/index.js';
export * from './auth/index.js';
