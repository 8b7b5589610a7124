export * from './meetings.js';
export * from './conflicts.js';
export * from './alignment.js';
export * from './workload.js';
export * from './section/index.js';
export * from './suggestions.js';
export * from './refusal.js';
export * from './preferences/index.js';
export * from './approvals/index.js';
export * from './calendars.js';
// Registers the references sections and preferences hold (a side effect, on import).
import './references.js';
export * from './labels.js';
