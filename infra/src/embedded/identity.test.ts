import { loadConfig } from '../config/loadConfig.js';
import { identityOptions } from './identity.js';

const parts = { sessionCodec: null as never, csrfSecret: 'x'.repeat(32), users: null as never };
const optionsFor = (env: Record<string, string>) =>
  identityOptions(loadConfig({ ALLOT_MODE: 'test', ...env }), parts);

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
      SAML_IDP_CERT: 'MIIC',
    });
    expect(saml).toMatchObject({
      auth0Enabled: false,
      saml: { entryPoint: 'https://idp.example.edu/sso' },
    });
    const none = optionsFor({});
    expect(none).toMatchObject({ auth0Enabled: false });
    expect([none.oidc, none.saml, none.demoIdp]).toEqual([undefined, undefined, undefined]);
  });
});
