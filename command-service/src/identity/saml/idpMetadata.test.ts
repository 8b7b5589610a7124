import { generate } from 'selfsigned';
import { idpMetadataSource, parseIdpMetadata } from './idpMetadata.js';

const body = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, '');
let certA = '';
let certB = '';

beforeAll(async () => {
  const [a, b] = await Promise.all([
    generate([{ name: 'commonName', value: 'a' }], { keySize: 2048, algorithm: 'sha256' }),
    generate([{ name: 'commonName', value: 'b' }], { keySize: 2048, algorithm: 'sha256' }),
  ]);
  certA = body(a.cert);
  certB = body(b.cert);
});

const metadata = (certs: string[], extra = '') => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example.edu/idp/shibboleth">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    ${certs.map((c, i) => `<md:KeyDescriptor${i === 0 ? '' : ' use="signing"'}><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${c}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`).join('\n')}
    <md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>ENCRYPTIONONLY</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.edu/idp/profile/SAML2/Redirect/SLO"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.edu/idp/profile/SAML2/POST/SSO"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.edu/idp/profile/SAML2/Redirect/SSO"/>
    ${extra}
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

describe('an IdP from its metadata', () => {
  it('reads the redirect sign-in and logout URLs, the entity id and every signing certificate', async () => {
    expect(await parseIdpMetadata(metadata([certA, certB]))).toEqual({
      entryPoint: 'https://idp.example.edu/idp/profile/SAML2/Redirect/SSO',
      logoutUrl: 'https://idp.example.edu/idp/profile/SAML2/Redirect/SLO',
      idpIssuer: 'https://idp.example.edu/idp/shibboleth',
      idpCert: [certA, certB],
    });
  });

  it('says what is missing', async () => {
    await expect(parseIdpMetadata('not xml <')).rejects.toThrow(
      /not XML|describes no identity provider/,
    );
    await expect(
      parseIdpMetadata('<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"/>'),
    ).rejects.toThrow('it describes no identity provider (no IDPSSODescriptor)');
    await expect(parseIdpMetadata(metadata([]))).rejects.toThrow('it has no signing certificate');
  });

  it('reads again after the refresh interval (a rolled-over certificate), keeping the last good reading on failure', async () => {
    let answer: () => Response = () => new Response(metadata([certA]));
    let reads = 0;
    const source = idpMetadataSource({
      url: 'https://idp.example.edu/metadata',
      refreshMs: 0,
      retryMs: 0,
      fetch: () => {
        reads++;
        return Promise.resolve(answer());
      },
    });
    expect((await source()).idpCert).toEqual([certA]);
    answer = () => new Response(metadata([certA, certB]));
    // Stale readings are answered at once and refreshed behind the scenes.
    await source();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await source()).idpCert).toEqual([certA, certB]);
    answer = () => new Response('gone', { status: 500 });
    await source();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await source()).idpCert).toEqual([certA, certB]);
    expect(reads).toBeGreaterThanOrEqual(4);
  });

  it('fails with the reason when the first reading fails', async () => {
    const source = idpMetadataSource({
      url: 'https://idp.example.edu/metadata',
      fetch: () => Promise.resolve(new Response('nope', { status: 404 })),
    });
    await expect(source()).rejects.toThrow(
      "The identity provider's metadata at https://idp.example.edu/metadata answered HTTP 404",
    );
  });
});
