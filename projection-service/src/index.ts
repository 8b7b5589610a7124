export * from './runner/projection.js';
