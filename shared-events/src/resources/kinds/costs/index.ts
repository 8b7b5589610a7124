export * from './instructorRates.js';
export * from './instructorCosts.js';
