export * from './apiKeyToken.js';
export * from './apiKeyCommands.js';
export * from './verifyApiKey.js';
export * from './bearerAuth.js';
export * from './apiKeyRoutes.js';
export * from './decider.js';
