export * from './instructorCosts.js';
