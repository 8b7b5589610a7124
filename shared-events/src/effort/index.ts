export * from './classify.js';
