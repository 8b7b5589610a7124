export * from './identityPlugin.js';
export * from './options.js';
export * from './userDirectory.js';
export * from './csrf.js';
export * from './origin.js';
export * from './strategy.js';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demoIdp/accounts.js';
export { idpMetadataSource, parseIdpMetadata } from './saml/idpMetadata.js';
export { createInMemorySignInState, type SignInStateStore } from './saml/signInState.js';
