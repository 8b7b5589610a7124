export * from './featureFlags.js';
