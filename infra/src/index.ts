export * from './config/environment.js';
export * from './config/loadConfig.js';
export * from './config/sessionSecret.js';
export * from './config/formatStartupError.js';
