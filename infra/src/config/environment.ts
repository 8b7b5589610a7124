import { z } from 'zod';

export const ALLOT_MODES = ['production', 'development', 'local', 'staging-build', 'test'] as const;
export type AllotMode = (typeof ALLOT_MODES)[number];

const TRUE = ['true', '1', 'on', 'yes'];
const FALSE = ['false', '0', 'off', 'no'];

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => TRUE.includes(v) || FALSE.includes(v), {
    error: `must be one of ${[...TRUE, ...FALSE].join(', ')}`,
  })
  .transform((v) => TRUE.includes(v))
  .optional();

const text = z.string().trim().min(1, { error: 'must not be empty' }).optional();

const urlWith = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    )
    .optional();

/**
 * Every environment variable Allot reads, with how it is checked. Unset means "use the default";
 * defaults that depend on the mode are applied in `loadConfig`. docs/configuration.md lists them.
 */
export const environmentSchema = z.object({
  ALLOT_MODE: z.enum(ALLOT_MODES, { error: `must be one of ${ALLOT_MODES.join(', ')}` }).optional(),
  PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, { error: 'must be a port number from 0 to 65535' })
    .transform(Number)
    .refine((n) => n <= 65535, { error: 'must be a port number from 0 to 65535' })
    .optional(),
  HOST: text,
  ALLOT_PUBLIC_URL: urlWith(['http:', 'https:']),
  ALLOT_DATA_DIR: text,
  ALLOT_IMPORT_DIR: text,
  ALLOT_IMPORT_CA_FILE: text,
  ALLOT_SMTP_URL: urlWith(['smtp:', 'smtps:']),
  ALLOT_MAIL_FROM: text,
  ALLOT_DEV_EMAILS: z
    .string()
    .trim()
    .refine((v) => v.split(',').every((a) => /^[^\s@,]+@[^\s@,]+$/.test(a.trim())), {
      error: 'must be e-mail addresses separated by commas',
    })
    .transform((v) => v.split(',').map((a) => a.trim()))
    .optional(),
  ALLOT_FRONTEND_DIR: text,
  DATABASE_URL: urlWith(['postgres:', 'postgresql:']),
  ALLOT_DB_POOL_SIZE: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'must be a whole number from 1 to 100' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, { error: 'must be a whole number from 1 to 100' })
    .optional(),
  ALLOT_SIGNIN_RATE_LIMIT: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'must be a whole number from 1 to 100000' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100_000, { error: 'must be a whole number from 1 to 100000' })
    .optional(),
  REDIS_URL: urlWith(['redis:', 'rediss:']),
  ALLOT_ALLOWED_ORIGINS: z
    .string()
    .refine(
      (v) =>
        v.split(',').every((o) => {
          try {
            const url = new URL(o.trim());
            return (
              (url.protocol === 'http:' || url.protocol === 'https:') &&
              url.origin === o.trim().replace(/\/$/, '')
            );
          } catch {
            return false;
          }
        }),
      { error: 'must be a comma-separated list of origins such as https://allot.example.edu' },
    )
    .optional(),
  ALLOT_REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, {
      error: 'must be 1 to 64 letters, digits or the characters _ . : -',
    })
    .optional(),
  EVENTSTORE_CONNECTION_STRING: urlWith([
    'esdb:',
    'esdb+discover:',
    'kurrentdb:',
    'kurrentdb+discover:',
  ]),
  ALLOT_SESSION_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters long' })
    .optional(),
  ALLOT_DEMO_DATA: flag,
  ALLOT_DEMO_IDP: flag,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional(),
  OIDC_ISSUER: urlWith(['http:', 'https:']),
  OIDC_CLIENT_ID: text,
  OIDC_CLIENT_SECRET: text,
  OIDC_SCOPES: text,
  SAML_ENTRY_POINT: urlWith(['http:', 'https:']),
  SAML_IDP_METADATA_URL: urlWith(['http:', 'https:']),
  SAML_IDP_CERT: text,
  SAML_IDP_ISSUER: text,
  SAML_LOGOUT_URL: urlWith(['http:', 'https:']),
  SAML_ISSUER: text,
  SAML_SP_KEY: text,
  SAML_SP_CERT: text,
  SAML_SIGN_REQUESTS: flag,
  SAML_SIGNED: z
    .enum(['either', 'response', 'assertion', 'both'], {
      error: 'must be one of either, response, assertion, both',
    })
    .optional(),
  SAML_ALLOW_SHA1: flag,
  SAML_CLOCK_SKEW_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'must be a whole number of seconds from 0 to 3600' })
    .transform(Number)
    .refine((n) => n <= 3600, { error: 'must be a whole number of seconds from 0 to 3600' })
    .optional(),
  SAML_IDP_INITIATED: flag,
  SAML_USERNAME_FROM: text,
  SAML_EMAIL_FROM: text,
  SAML_FIRST_NAME_FROM: text,
  SAML_LAST_NAME_FROM: text,
  SAML_ROLES_FROM: text,
  SAML_CREATE_USERS: flag,
});

export type Environment = z.infer<typeof environmentSchema>;
export type EnvironmentVariable = keyof Environment;
