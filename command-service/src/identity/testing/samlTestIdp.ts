import * as samlify from 'samlify';
import * as xmllint from '@authenio/samlify-node-xmllint';
import { generate } from 'selfsigned';

// samlify refuses to parse anything until a schema validator is set; xmllint checks against the XSDs.
samlify.setSchemaValidator(xmllint);

export interface KeyPair {
  privateKey: string;
  cert: string;
}

export async function generateSigningKey(commonName: string): Promise<KeyPair> {
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 2 * 24 * 3600 * 1000),
  });
  return { privateKey: pems.private, cert: pems.cert };
}

export interface TestSamlIdpOptions {
  entityId: string;
  ssoUrl: string;
  key: KeyPair;
  /** Our SP: its entity id and assertion consumer URL. */
  spEntityId: string;
  acsUrl: string;
}

export interface AssertionOverrides {
  /** Defaults to now (+5 minutes for the end of validity). */
  issuedAt?: Date;
  notOnOrAfter?: Date;
  email?: string;
  nameId?: string;
}

/**
 * A SAML IdP as far as tests need one: it parses our AuthnRequest (HTTP-Redirect) and answers a
 * real signed Response (assertion and message signed with its key), as an IdP's auto-post form would.
 */
export class TestSamlIdp {
  private readonly idp: ReturnType<typeof samlify.IdentityProvider>;
  private readonly sp: ReturnType<typeof samlify.ServiceProvider>;

  constructor(private readonly options: TestSamlIdpOptions) {
    this.idp = samlify.IdentityProvider({
      entityID: options.entityId,
      privateKey: options.key.privateKey,
      signingCert: options.key.cert,
      nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
      singleSignOnService: [
        { Binding: samlify.Constants.namespace.binding.redirect, Location: options.ssoUrl },
      ],
    });
    this.sp = samlify.ServiceProvider({
      entityID: options.spEntityId,
      assertionConsumerService: [
        { Binding: samlify.Constants.namespace.binding.post, Location: options.acsUrl },
      ],
      wantAssertionsSigned: true,
      wantMessageSigned: true,
    });
  }

  /** The same IdP (entity id, endpoints) signing with another key: what a forger could send. */
  withKey(key: KeyPair): TestSamlIdp {
    return new TestSamlIdp({ ...this.options, key });
  }

  /** Answers the AuthnRequest in `redirectUrl` (what our /api/auth/saml sent the browser to). */
  async respond(
    redirectUrl: string,
    user: AssertionOverrides = {},
  ): Promise<{ SAMLResponse: string; RelayState: string }> {
    const url = new URL(redirectUrl);
    const parsed = await this.idp.parseLoginRequest(this.sp, 'redirect', {
      query: Object.fromEntries(url.searchParams),
      octetString: url.search.slice(1),
    });
    const requestId = String((parsed.extract as { request?: { id?: string } }).request?.id ?? '');
    const issuedAt = user.issuedAt ?? new Date();
    const notOnOrAfter = user.notOnOrAfter ?? new Date(issuedAt.getTime() + 5 * 60 * 1000);
    const email = user.email ?? 'faculty@demo.allot.test';
    const values = {
      ID: `_${crypto.randomUUID()}`,
      AssertionID: `_${crypto.randomUUID()}`,
      Destination: this.options.acsUrl,
      Audience: this.options.spEntityId,
      SubjectRecipient: this.options.acsUrl,
      Issuer: this.options.entityId,
      IssueInstant: issuedAt.toISOString(),
      StatusCode: samlify.Constants.StatusCode.Success,
      ConditionsNotBefore: issuedAt.toISOString(),
      ConditionsNotOnOrAfter: notOnOrAfter.toISOString(),
      SubjectConfirmationDataNotOnOrAfter: notOnOrAfter.toISOString(),
      NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      NameID: user.nameId ?? email,
      InResponseTo: requestId,
      AttributeStatement: '',
    };
    // Raw XML: replaceTagsByValue escapes what it inserts, so this one goes in first.
    const authnStatement = `<saml:AuthnStatement AuthnInstant="${issuedAt.toISOString()}" SessionIndex="_s${Date.now()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
    const response = await this.idp.createLoginResponse(
      this.sp,
      { extract: parsed.extract },
      'post',
      { email },
      {
        relayState: url.searchParams.get('RelayState') ?? '',
        customTagReplacement: (template) => ({
          id: values.ID,
          context: samlify.SamlLib.replaceTagsByValue(
            template.replace('{AuthnStatement}', authnStatement),
            values,
          ),
        }),
      },
    );
    return { SAMLResponse: response.context, RelayState: url.searchParams.get('RelayState') ?? '' };
  }
}
