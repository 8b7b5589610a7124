import { generate } from 'selfsigned';
import { createInMemorySignInState } from '@allot/command-service';
import { loadConfig } from '../config/loadConfig.js';
import { identityOptions, signInSummary } from './identity.js';

const parts = { sessionCodec: null as never, csrfSecret: 'x'.repeat(32), users: null as never };
let cert = '';
let samlParts: NonNullable<Parameters<typeof identityOptions>[1]['saml']>;
const optionsFor = (env: Record<string, string>) =>
  identityOptions(loadConfig({ ALLOT_MODE: 'test', ...env }), { ...parts, saml: samlParts });

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'idp.example.edu' }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  cert = pems.cert;
  samlParts = {
    state: createInMemorySignInState(),
    spKey: { privateKey: pems.private, cert: pems.cert },
  };
});

describe('identityOptions', () => {
  it('uses the embedded demo provider when it is on', () => {
    const options = optionsFor({ ALLOT_DEMO_IDP: 'on', PORT: '4000' });
    expect(options).toMatchObject({
      auth0Enabled: true,
      demoIdp: { enabled: true },
      publicUrl: 'http://localhost:4000',
    });
    expect(options.oidc).toBeUndefined();
  });

  it('limits sign-in to 30 requests a minute per address unless configured', () => {
    expect(optionsFor({}).signInRateLimit).toEqual({ max: 30, timeWindowMs: 60_000 });
    expect(optionsFor({ ALLOT_SIGNIN_RATE_LIMIT: '500' }).signInRateLimit).toEqual({
      max: 500,
      timeWindowMs: 60_000,
    });
  });

  it('uses a configured OIDC issuer', () => {
    const options = optionsFor({
      OIDC_ISSUER: 'https://tenant.auth0.com/',
      OIDC_CLIENT_ID: 'allot',
    });
    expect(options).toMatchObject({
      auth0Enabled: true,
      oidc: {
        issuer: 'https://tenant.auth0.com/',
        clientId: 'allot',
        scopes: ['openid', 'profile', 'email'],
      },
    });
    expect(options.demoIdp).toBeUndefined();
  });

  it('uses SAML without OIDC, and nothing when neither is configured', () => {
    const saml = optionsFor({
      SAML_ENTRY_POINT: 'https://idp.example.edu/sso',
      SAML_IDP_CERT: cert,
    });
    expect(saml).toMatchObject({
      auth0Enabled: false,
      saml: {
        entryPoint: 'https://idp.example.edu/sso',
        idpCert: [expect.stringContaining('-----BEGIN CERTIFICATE-----')],
        signed: 'either',
        acceptedClockSkewMs: 180_000,
        idpInitiated: false,
        provisionUsers: false,
        allowSha1: false,
      },
    });
    const none = optionsFor({});
    expect(none).toMatchObject({ auth0Enabled: false });
    expect([none.oidc, none.saml, none.demoIdp]).toEqual([undefined, undefined, undefined]);
  });

  it('lets configured SAML win over the demo provider in local mode, and says so at start', () => {
    const env = { SAML_ENTRY_POINT: 'https://idp.example.edu/sso', SAML_IDP_CERT: cert };
    const local = loadConfig({ ALLOT_MODE: 'local', ...env });
    expect(local.demoIdp).toBe(false);
    const options = identityOptions(local, { ...parts, saml: samlParts });
    expect(options.auth0Enabled).toBe(false);
    expect(options.demoIdp).toBeUndefined();
    expect(signInSummary(local)).toBe(
      "Sign-in: SAML through https://idp.example.edu/sso; Allot's metadata for the identity provider is at http://localhost:3000/api/auth/saml/metadata (the demo identity provider is off because SAML is configured).",
    );
    // Asked for explicitly, the demo provider runs, but sign-in still goes to the campus IdP.
    const both = loadConfig({ ALLOT_MODE: 'local', ALLOT_DEMO_IDP: 'true', ...env });
    expect(identityOptions(both, { ...parts, saml: samlParts })).toMatchObject({
      auth0Enabled: false,
      demoIdp: { enabled: true },
      saml: { entryPoint: 'https://idp.example.edu/sso' },
    });
    expect(signInSummary(both)).toContain(
      'the demo identity provider at /idp is on but not used for sign-in',
    );
  });
});
