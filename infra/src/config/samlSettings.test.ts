import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { ConfigError, loadConfig } from './loadConfig.js';
import { splitCertificates } from './samlSettings.js';

type Pems = Awaited<ReturnType<typeof generate>>;
let a: Pems;
let b: Pems;
let expired: Pems;
let dir: string;

beforeAll(async () => {
  const make = (cn: string, notAfterDate?: Date) =>
    generate([{ name: 'commonName', value: cn }], {
      keySize: 2048,
      algorithm: 'sha256',
      ...(notAfterDate ? { notBeforeDate: new Date(Date.now() - 3e9), notAfterDate } : {}),
    });
  [a, b, expired] = await Promise.all([
    make('a.example.edu'),
    make('b.example.edu'),
    make('old.example.edu', new Date(Date.now() - 86_400_000)),
  ]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'allot-saml-config-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const SSO = { SAML_ENTRY_POINT: 'https://idp.example.edu/sso' };

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig({ ALLOT_MODE: 'test', ...env }, { cwd: dir });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

describe('SAML settings', () => {
  it('takes several IdP certificates, as PEM blocks or comma-separated base64', () => {
    const pems = loadConfig({ ALLOT_MODE: 'test', ...SSO, SAML_IDP_CERT: `${a.cert}\n${b.cert}` });
    expect(pems.saml?.idpCerts).toHaveLength(2);
    const base64 = loadConfig({
      ALLOT_MODE: 'test',
      ...SSO,
      SAML_IDP_CERT: `${bare(a.cert)}, ${bare(b.cert)}`,
    });
    expect(base64.saml?.idpCerts.map(bare)).toEqual([bare(a.cert), bare(b.cert)]);
    expect(splitCertificates('')).toEqual([]);
  });

  it('stops the start with one line naming the variable for a bad or expired certificate', () => {
    expect(
      problemsOf({ ...SSO, SAML_IDP_CERT: `${a.cert}\n${b.cert.replace(/M/g, 'x')}` }),
    ).toEqual([
      expect.stringMatching(
        /^SAML_IDP_CERT is not a usable X\.509 certificate \(certificate 2 of 2\): /,
      ),
    ]);
    expect(problemsOf({ ...SSO, SAML_IDP_CERT: 'not base64 at all' })).toEqual([
      expect.stringMatching(/^SAML_IDP_CERT is not a usable X\.509 certificate: /),
    ]);
    expect(problemsOf({ ...SSO, SAML_IDP_CERT: expired.cert })).toEqual([
      expect.stringMatching(/^SAML_IDP_CERT is not a usable X\.509 certificate: it expired on /),
    ]);
  });

  it('has the defaults of docs/single-sign-on.md', () => {
    const { saml } = loadConfig({ ALLOT_MODE: 'test', ...SSO, SAML_IDP_CERT: a.cert });
    expect(saml).toMatchObject({
      issuer: null,
      spKey: null,
      signRequests: false,
      signed: 'either',
      allowSha1: false,
      clockSkewSeconds: 180,
      idpInitiated: false,
      attributes: {},
      createUsers: false,
      metadataUrl: null,
      logoutUrl: null,
    });
  });

  it('reads the matching, signing and provisioning settings', () => {
    const { saml } = loadConfig({
      ALLOT_MODE: 'test',
      ...SSO,
      SAML_IDP_CERT: a.cert,
      SAML_USERNAME_FROM: 'eduPersonPrincipalName, uid',
      SAML_EMAIL_FROM: 'mail',
      SAML_ROLES_FROM: 'eduPersonEntitlement',
      SAML_SIGNED: 'assertion',
      SAML_CLOCK_SKEW_SECONDS: '300',
      SAML_IDP_INITIATED: 'true',
      SAML_CREATE_USERS: 'yes',
      SAML_LOGOUT_URL: 'https://idp.example.edu/slo',
    });
    expect(saml).toMatchObject({
      attributes: {
        username: ['eduPersonPrincipalName', 'uid'],
        email: ['mail'],
        roles: 'eduPersonEntitlement',
      },
      signed: 'assertion',
      clockSkewSeconds: 300,
      idpInitiated: true,
      createUsers: true,
      logoutUrl: 'https://idp.example.edu/slo',
    });
    expect(problemsOf({ ...SSO, SAML_IDP_CERT: a.cert, SAML_SIGNED: 'none' })).toEqual([
      'SAML_SIGNED must be one of either, response, assertion, both.',
    ]);
    expect(problemsOf({ ...SSO, SAML_IDP_CERT: a.cert, SAML_CLOCK_SKEW_SECONDS: '9999' })).toEqual([
      'SAML_CLOCK_SKEW_SECONDS must be a whole number of seconds from 0 to 3600.',
    ]);
  });

  it('takes a key pair from files or inline PEM, and refuses a certificate of another key', async () => {
    await writeFile(path.join(dir, 'key.pem'), a.private);
    await writeFile(path.join(dir, 'cert.pem'), a.cert);
    const { saml } = loadConfig(
      {
        ALLOT_MODE: 'test',
        ...SSO,
        SAML_IDP_CERT: b.cert,
        SAML_SP_KEY: 'key.pem',
        SAML_SP_CERT: 'cert.pem',
      },
      { cwd: dir },
    );
    expect(saml?.spKey).toEqual({ privateKey: a.private, cert: a.cert });
    expect(
      problemsOf({ ...SSO, SAML_IDP_CERT: b.cert, SAML_SP_KEY: a.private, SAML_SP_CERT: b.cert }),
    ).toEqual(['SAML_SP_CERT does not belong to SAML_SP_KEY.']);
    expect(
      problemsOf({
        ...SSO,
        SAML_IDP_CERT: b.cert,
        SAML_SP_KEY: 'missing.pem',
        SAML_SP_CERT: a.cert,
      }),
    ).toEqual([
      `SAML_SP_KEY is neither a PEM nor a readable file (${path.join(dir, 'missing.pem')}).`,
    ]);
    expect(problemsOf({ ...SSO, SAML_IDP_CERT: b.cert, SAML_SP_KEY: a.private })).toEqual([
      'SAML_SP_KEY and SAML_SP_CERT are set together, or neither (a key pair is then generated).',
    ]);
  });

  it('reads the IdP from its metadata URL instead of the fixed settings, not both', () => {
    const { saml } = loadConfig({
      ALLOT_MODE: 'test',
      SAML_IDP_METADATA_URL: 'https://idp.example.edu/metadata',
    });
    expect(saml).toMatchObject({
      metadataUrl: 'https://idp.example.edu/metadata',
      entryPoint: null,
    });
    expect(
      problemsOf({
        SAML_IDP_METADATA_URL: 'https://idp.example.edu/metadata',
        ...SSO,
        SAML_IDP_CERT: a.cert,
      }),
    ).toEqual([
      'Set SAML_IDP_METADATA_URL, or SAML_ENTRY_POINT with SAML_IDP_CERT, not both: the metadata names the sign-in URL and certificates.',
    ]);
  });
});
