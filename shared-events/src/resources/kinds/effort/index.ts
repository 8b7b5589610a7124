export * from './payPeriods.js';
export * from './categories.js';
export * from './types.js';
export * from './costCenters.js';
export * from './rules.js';
export * from './positions.js';
