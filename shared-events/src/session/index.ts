export * from './sessionCodec.js';
export * from './cookies.js';
export * from './csrf.js';
export { MIN_SECRET_LENGTH } from './keys.js';
