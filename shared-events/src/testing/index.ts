export * from './databases.js';
export * from './deciderSpecification.js';
