import type { FastifyInstance } from 'fastify';
import { SAML, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import { safeOrigin } from './origin.js';
import { redirectToPublicUrl } from './publicHost.js';
import type { SamlOptions } from './options.js';
import { SAML_CALLBACK_PATH } from './options.js';
import { completeSignIn, sendSignInFailure, type SignInDependencies } from './signIn.js';
import type { LoginIdentity } from './userDirectory.js';

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** node-saml configured to refuse unsigned, foreign, stale, replayed or unsolicited responses. */
export function createSaml(options: SamlOptions, publicUrl: string): SAML {
  return new SAML({
    entryPoint: options.entryPoint,
    idpCert: typeof options.idpCert === 'string' ? options.idpCert : [...options.idpCert],
    issuer: options.issuer,
    callbackUrl: options.callbackUrl ?? `${publicUrl}${SAML_CALLBACK_PATH}`,
    audience: options.audience ?? options.issuer,
    ...(options.idpIssuer ? { idpIssuer: options.idpIssuer } : {}),
    ...(options.privateKey ? { privateKey: options.privateKey } : {}),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: options.wantAuthnResponseSigned ?? true,
    // Each AuthnRequest id is accepted once (in memory unless a shared cacheProvider is given).
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60 * 1000,
    ...(options.cacheProvider ? { cacheProvider: options.cacheProvider } : {}),
    acceptedClockSkewMs: options.acceptedClockSkewMs ?? 60 * 1000,
    maxAssertionAgeMs: 10 * 60 * 1000,
  });
}

function firstText(...values: unknown[]): string | undefined {
  for (const value of values) {
    const v = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return undefined;
}

export function identityFromProfile(profile: Profile): LoginIdentity {
  const email = firstText(
    profile.email,
    profile.mail,
    profile['urn:oid:0.9.2342.19200300.100.1.3'],
    profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : undefined,
  );
  const username = firstText(
    profile['uid'],
    profile['username'],
    profile['urn:oid:0.9.2342.19200300.100.1.1'],
  );
  return {
    subject: profile.nameID,
    ...(email ? { email } : {}),
    ...(username ? { username } : {}),
  };
}

export interface SamlRoutesOptions extends SignInDependencies {
  saml: SAML;
  /** Where browsers reach Allot: a start at another address moves there first. */
  publicUrl?: string;
  rateLimit: { max: number; timeWindow: number };
}

/** GET /api/auth/saml (to the IdP, HTTP-Redirect) and the POST assertion consumer. */
export function samlRoutes(
  fastify: FastifyInstance,
  options: SamlRoutesOptions,
  done: (err?: Error) => void,
): void {
  const routeConfig = { rateLimit: options.rateLimit };
  // The IdP posts the response as a form; only this encapsulated context parses forms.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_request, body, parsed) => {
      parsed(
        null,
        Object.fromEntries(
          new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')),
        ),
      );
    },
  );

  fastify.get('/api/auth/saml', { config: routeConfig }, async (request, reply) => {
    const moved = options.publicUrl ? redirectToPublicUrl(request, reply, options.publicUrl) : null;
    if (moved) return moved;
    const query = request.query as Record<string, unknown> | undefined;
    // RelayState carries the origin; it is re-checked on the way back, so tampering gains nothing.
    const url = await options.saml.getAuthorizeUrlAsync(
      safeOrigin(query?.['origin']),
      undefined,
      {},
    );
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  fastify.post(
    new URL(options.saml.options.callbackUrl).pathname,
    { config: routeConfig },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const samlResponse = body['SAMLResponse'];
      if (typeof samlResponse !== 'string' || samlResponse.length === 0) {
        return sendSignInFailure(
          reply,
          400,
          'The identity provider sent no SAML response. Please log in again.',
        );
      }
      const relayState = typeof body['RelayState'] === 'string' ? body['RelayState'] : '/';
      let profile: Profile | null;
      try {
        ({ profile } = await options.saml.validatePostResponseAsync({
          SAMLResponse: samlResponse,
          RelayState: relayState,
        }));
      } catch (error) {
        request.log.warn({ err: error }, 'SAML response refused');
        return sendSignInFailure(
          reply,
          403,
          "The identity provider's answer could not be verified. Please log in again.",
        );
      }
      if (!profile) {
        return sendSignInFailure(
          reply,
          400,
          'The identity provider sent no identity. Please log in again.',
        );
      }
      return completeSignIn(options, reply, identityFromProfile(profile), relayState);
    },
  );
  done();
}
