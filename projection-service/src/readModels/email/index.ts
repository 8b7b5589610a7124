export { createEmailRecipientReader, type EmailRecipientReader } from './recipients.js';
export {
  caughtMailTable,
  createCaughtMailStore,
  migrateCaughtMail,
  type CaughtMailStore,
} from './caughtMail.js';
export { emailSendsProjection } from './projection.js';
