import Fastify from 'fastify';
import { AppInfoAnswer, createSessionCodec } from '@allot/shared-events';
import { answerOf } from '../testing/answerContract.js';
import { identityPlugin, SIGN_IN_PROBLEM } from './identityPlugin.js';
import { idpMetadataSource } from './saml/idpMetadata.js';
import { createInMemoryUserDirectory } from './userDirectory.js';
import {
  freePort,
  IDENTITY_TEST_CSRF_SECRET,
  IDENTITY_TEST_SESSION_SECRET,
  startIdentityApp,
  type IdentityTestOverrides,
} from './testing/identityTestApp.js';
import { generateSigningKey } from './testing/samlTestIdp.js';

let lastLogs: string[] = [];

async function appInfo(overrides: IdentityTestOverrides): Promise<unknown> {
  const t = await startIdentityApp(overrides);
  try {
    const answer = await t.browser().request('/api/app-info');
    expect(answer.status).toBe(200);
    lastLogs = t.logs;
    // The read contract (shared-events' AppInfoAnswer), on every real answer.
    return answerOf(AppInfoAnswer, JSON.parse(answer.body));
  } finally {
    await t.close();
  }
}

/** What the administrator reads in the log about a misconfigured sign-in. */
const loggedProblems = () =>
  lastLogs
    .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg))
    .filter((msg) => msg.startsWith('Sign-in is not configured correctly'));

let idpCert: string;
beforeAll(async () => {
  idpCert = (await generateSigningKey('app-info-idp')).cert;
});

const saml = () => ({ entryPoint: 'https://idp.example.edu/sso', idpCert, issuer: 'urn:allot:sp' });

describe('GET /api/app-info', () => {
  it('OIDC configured: a strategy exists and auth0Enabled is true', async () => {
    expect(await appInfo({ auth0Enabled: true, demoIdp: { enabled: true } })).toEqual({
      strategyExists: true,
      error: '',
      featureFlags: { auth0Enabled: true },
    });
  });

  it('SAML only: a strategy exists and auth0Enabled is false', async () => {
    expect(await appInfo({ auth0Enabled: false, saml: saml() })).toEqual({
      strategyExists: true,
      error: '',
      featureFlags: { auth0Enabled: false },
    });
  });

  it('nothing configured: no strategy, no error', async () => {
    expect(await appInfo({ auth0Enabled: false })).toEqual({
      strategyExists: false,
      error: '',
      featureFlags: { auth0Enabled: false },
    });
    // The flag picks OIDC, but only SAML is configured.
    expect(await appInfo({ auth0Enabled: true, saml: saml() })).toMatchObject({
      strategyExists: false,
      error: '',
    });
  });

  it('a misconfiguration tells people to ask, and the administrator the reason in the log', async () => {
    expect(
      await appInfo({ auth0Enabled: false, saml: { ...saml(), idpCert: 'not a certificate' } }),
    ).toEqual({
      strategyExists: false,
      error: SIGN_IN_PROBLEM,
      featureFlags: { auth0Enabled: false },
    });
    expect(loggedProblems()).toContain(
      'Sign-in is not configured correctly: The SAML identity provider certificate is missing or not a valid X.509 certificate.',
    );
    expect(
      await appInfo({ auth0Enabled: true, oidc: { issuer: 'not a url', clientId: 'allot' } }),
    ).toMatchObject({ strategyExists: false, error: SIGN_IN_PROBLEM });
    expect(loggedProblems().join()).toContain('is not a valid');
  });

  it('an issuer that cannot be reached: the log says why', async () => {
    const closed = await freePort();
    const info = await appInfo({
      auth0Enabled: true,
      oidc: { issuer: `http://127.0.0.1:${closed}/`, clientId: 'allot' },
    });
    expect(info).toMatchObject({
      strategyExists: true,
      error: SIGN_IN_PROBLEM,
      featureFlags: { auth0Enabled: true },
    });
    expect(loggedProblems().join()).toContain(
      `The sign-in provider http://127.0.0.1:${closed}/ could not be reached`,
    );
  });

  it('SAML from a metadata URL that cannot be read: the log says why', async () => {
    const closed = await freePort();
    const info = await appInfo({
      auth0Enabled: false,
      saml: {
        ...saml(),
        idpMetadata: idpMetadataSource({ url: `http://127.0.0.1:${closed}/metadata` }),
      },
    });
    expect(info).toMatchObject({ strategyExists: true, error: SIGN_IN_PROBLEM });
    expect(loggedProblems().join()).toContain(
      `The identity provider's metadata at http://127.0.0.1:${closed}/metadata could not be read`,
    );
  });

  it('refuses the demo identity provider in production mode', async () => {
    const app = Fastify({ logger: false });
    await expect(
      app.register(identityPlugin, {
        mode: 'production',
        sessionCodec: createSessionCodec({
          secrets: [IDENTITY_TEST_SESSION_SECRET],
          ttlMs: 60_000,
        }),
        csrfSecret: IDENTITY_TEST_CSRF_SECRET,
        publicUrl: 'https://allot.example.edu',
        users: createInMemoryUserDirectory([]),
        auth0Enabled: true,
        demoIdp: { enabled: true },
      }),
    ).rejects.toThrow(/refused in production/);
    await app.close();
  });
});
