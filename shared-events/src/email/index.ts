export * from './mergeFields.js';
export * from './emailSends.js';
