export * from './port.js';
export * from './inProcessJobs.js';
export * from './bullMqJobs.js';
export * from './jobProgressNotification.js';
