export * from './databases.js';
export * from './deciderSpecification.js';
export * from './readAllOnceVisible.js';
