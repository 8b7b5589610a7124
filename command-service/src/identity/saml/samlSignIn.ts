import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Profile, SAML } from '@node-saml/node-saml';
import { parseCookieHeader } from '@allot/shared-events';
import { serializeCookie, sessionClearCookie } from '../cookies.js';
import { sessionFromCookie } from '../csrf.js';
import {
  SAML_CALLBACK_PATH,
  SAML_LOGOUT_PATH,
  SAML_METADATA_PATH,
  type SamlIdpSettings,
  type SamlOptions,
} from '../options.js';
import { safeOrigin } from '../origin.js';
import { redirectToPublicUrl } from '../publicHost.js';
import { createSealer } from '../sealedValue.js';
import { completeSignIn, sendSignInFailure, type SignInDependencies } from '../signIn.js';
import { identityFromProfile, mappingOf, provisionedIdentityOf } from './attributes.js';
import { createSaml, SAML_REQUEST_TTL_MS, type SamlEndpoints } from './createSaml.js';
import { isSha1Algorithm, sha1AlgorithmsOf } from './signatureAlgorithms.js';
import { createInMemorySignInState, type SignInStateStore } from './signInState.js';
import { spMetadataXml } from './spMetadata.js';

/** Who the IdP signed in (NameID and session), kept sealed for single logout. */
const IDENTITY_COOKIE = 'allot_saml';
const IDENTITY_TTL_MS = 24 * 60 * 60 * 1000;

interface SamlIdentity {
  nameID: string;
  nameIDFormat?: string;
  nameQualifier?: string;
  spNameQualifier?: string;
  sessionIndex?: string;
}

function isSamlIdentity(value: unknown): value is SamlIdentity {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { nameID?: unknown }).nameID === 'string'
  );
}

function insecureMode(mode: string): boolean {
  return mode === 'development' || mode === 'test' || mode === 'local';
}

/** The sessions a sign-in opened, by NameID and IdP session: what an IdP's logout names. */
function sessionKeyPrefix(nameID: string, sessionIndex?: string): string {
  const who = createHash('sha256').update(nameID, 'utf8').digest('base64url');
  return `saml-session:${who}:${sessionIndex === undefined ? '' : `${sessionIndex}:`}`;
}

export interface SamlSignInOptions extends SignInDependencies {
  saml: SamlOptions;
  publicUrl: string;
  csrfSecret: string | readonly string[];
  rateLimit: { max: number; timeWindow: number };
}

export interface SamlSignIn {
  endpoints: SamlEndpoints;
  /** Registers the sign-in, metadata and single logout routes. */
  routes: (fastify: FastifyInstance, _options: unknown, done: (err?: Error) => void) => void;
  /**
   * For Allot's logout: the IdP's logout address for the person this browser signed in as (null
   * when the IdP has no single logout or the browser none), and the cookies that forget them.
   */
  logout(request: FastifyRequest): Promise<{ url: string | null; cookies: string[] }>;
  /** '' when the IdP's settings are usable; else why not (for the log, never for users). */
  problem(): Promise<string>;
}

export function createSamlSignIn(options: SamlSignInOptions): SamlSignIn {
  const settings = options.saml;
  const state: SignInStateStore = settings.state ?? createInMemorySignInState();
  const mapping = mappingOf(settings.attributes);
  const sealer = createSealer(options.csrfSecret, 'saml-identity');
  const endpoints: SamlEndpoints = {
    entityId: settings.issuer ?? `${options.publicUrl}${SAML_METADATA_PATH}`,
    acsUrl: settings.callbackUrl ?? `${options.publicUrl}${SAML_CALLBACK_PATH}`,
    logoutUrl: `${options.publicUrl}${SAML_LOGOUT_PATH}`,
  };
  const secure = !insecureMode(options.mode);
  const identityCookie = (value: string, maxAgeMs: number) =>
    serializeCookie(IDENTITY_COOKIE, value, {
      path: '/api/auth',
      maxAge: maxAgeMs / 1000,
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });
  const forgetIdentity = identityCookie('', 0);

  // One node-saml per reading of the IdP's settings (a metadata refresh makes a new one).
  let built: { idp: SamlIdpSettings; saml: SAML } | null = null;
  async function current(): Promise<{ idp: SamlIdpSettings; saml: SAML }> {
    const idp = settings.idpMetadata ? await settings.idpMetadata() : settings;
    if (built?.idp !== idp) built = { idp, saml: createSaml(idp, settings, endpoints, state) };
    return built;
  }

  function identityOf(request: FastifyRequest): SamlIdentity | null {
    const value = sealer.open(parseCookieHeader(request.headers.cookie)[IDENTITY_COOKIE]);
    return isSamlIdentity(value) ? value : null;
  }

  async function logoutUrlFor(identity: SamlIdentity | null): Promise<string | null> {
    if (!identity) return null;
    const { idp, saml } = await current();
    if (!idp.logoutUrl) return null;
    return saml.getLogoutUrlAsync(identity as Profile, '/login', {});
  }

  const refuse = (reply: FastifyReply, status: number, message: string) =>
    sendSignInFailure(reply, status, message);

  function routes(fastify: FastifyInstance, _options: unknown, done: (err?: Error) => void): void {
    const routeConfig = { rateLimit: options.rateLimit };
    // The IdP posts its answers as forms; only this encapsulated context parses forms.
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
      const moved = redirectToPublicUrl(request, reply, options.publicUrl);
      if (moved) return moved;
      const query = request.query as Record<string, unknown> | undefined;
      let saml: SAML;
      try {
        ({ saml } = await current());
      } catch (err) {
        request.log.error({ err }, 'SAML sign-in cannot start');
        return refuse(
          reply,
          503,
          'The campus sign-in cannot be reached right now. Please try again in a few minutes.',
        );
      }
      // RelayState carries the origin; it is re-checked on the way back, so tampering gains nothing.
      const url = await saml.getAuthorizeUrlAsync(safeOrigin(query?.['origin']), undefined, {});
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    });

    fastify.get(SAML_METADATA_PATH, async (_request, reply) =>
      reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-disposition', 'inline; filename="allot-saml-metadata.xml"')
        .send(
          spMetadataXml({
            ...endpoints,
            cert: settings.spKey?.cert ?? null,
            signRequests: Boolean(settings.signRequests && settings.spKey),
            signed: settings.signed ?? 'either',
          }),
        ),
    );

    fastify.post(
      new URL(endpoints.acsUrl).pathname,
      { config: routeConfig },
      async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const samlResponse = body['SAMLResponse'];
        if (typeof samlResponse !== 'string' || samlResponse.length === 0) {
          return refuse(
            reply,
            400,
            'The identity provider sent no SAML response. Please log in again.',
          );
        }
        const relayState = typeof body['RelayState'] === 'string' ? body['RelayState'] : '/';
        let profile: Profile | null;
        try {
          const { saml } = await current();
          if (!settings.allowSha1) {
            const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
            const sha1 = await sha1AlgorithmsOf(xml, settings.spKey?.privateKey);
            if (sha1.length > 0) {
              throw new Error(
                `SHA-1 signatures are refused (${sha1.join(', ')}); have the IdP sign with SHA-256, or set SAML_ALLOW_SHA1=true`,
              );
            }
          }
          ({ profile } = await saml.validatePostResponseAsync({
            SAMLResponse: samlResponse,
            RelayState: relayState,
          }));
          if (profile && !(await firstUse(profile))) {
            throw new Error('This assertion was already used (replayed)');
          }
        } catch (error) {
          request.log.warn({ err: error }, 'SAML response refused');
          return refuse(
            reply,
            403,
            "The identity provider's answer could not be verified. Please log in again.",
          );
        }
        if (!profile) {
          return refuse(reply, 400, 'The identity provider sent no identity. Please log in again.');
        }
        const samlIdentity: SamlIdentity = {
          nameID: profile.nameID,
          ...(profile.nameIDFormat ? { nameIDFormat: profile.nameIDFormat } : {}),
          ...(profile.nameQualifier ? { nameQualifier: profile.nameQualifier } : {}),
          ...(profile.spNameQualifier ? { spNameQualifier: profile.spNameQualifier } : {}),
          ...(profile.sessionIndex ? { sessionIndex: profile.sessionIndex } : {}),
        };
        const identityValue = sealer.seal(samlIdentity, IDENTITY_TTL_MS);
        const { idp } = await current();
        return completeSignIn(options, reply, identityFromProfile(profile, mapping), relayState, {
          provider: 'SAML',
          extraCookies: [identityCookie(identityValue, IDENTITY_TTL_MS)],
          provision: settings.provisionUsers ? provisionedIdentityOf(profile, mapping) : null,
          // Without an IdP logout, Log In would answer with the same account: say so instead.
          signInAsSomeoneElse: idp.logoutUrl ? `${SAML_LOGOUT_PATH}?switch=1` : null,
          onSignedIn: async ({ userId, sid, expiresAt }) => {
            await state.add(
              `${sessionKeyPrefix(samlIdentity.nameID, samlIdentity.sessionIndex)}${sid}`,
              JSON.stringify({ userId, sid }),
              new Date(expiresAt),
            );
          },
        });
      },
    );

    /** Each assertion signs in once, whoever asked for it (IdP-initiated answers above all). */
    async function firstUse(profile: Profile): Promise<boolean> {
      const assertion = profile.getAssertion?.() as
        | { Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] } }
        | undefined;
      const id = assertion?.Assertion?.$?.ID;
      if (!id) return true;
      const notOnOrAfter = Date.parse(assertion.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
      const expiresAt = new Date(
        Math.max(Number.isNaN(notOnOrAfter) ? 0 : notOnOrAfter, Date.now()) +
          SAML_REQUEST_TTL_MS +
          (settings.acceptedClockSkewMs ?? 0),
      );
      return state.add(`saml-assertion:${profile.issuer ?? ''}:${id}`, '1', expiresAt);
    }

    // Single logout: the IdP's answer to our logout, or its own logout request (either binding).
    const logoutRoute = async (request: FastifyRequest, reply: FastifyReply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const body = (request.method === 'POST' ? request.body : null) as Record<
        string,
        unknown
      > | null;
      const message = body ?? query;
      if (typeof message['SAMLRequest'] === 'string') {
        return idpLogoutRequest(request, reply, message, body !== null);
      }
      if (typeof message['SAMLResponse'] === 'string') {
        try {
          const { saml } = await current();
          if (body) await saml.validatePostResponseAsync(body as Record<string, string>);
          else await saml.validateRedirectAsync(query as Record<string, string>, rawQuery(request));
        } catch (err) {
          // Allot's own session ended before the browser went to the IdP: only the log needs it.
          request.log.warn({ err }, 'SAML logout response refused');
        }
        return reply.header('cache-control', 'no-store').redirect('/login', 303);
      }
      // "Sign in as someone else" after a refused sign-in: log out of the IdP only.
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') return reply.redirect('/login', 302);
      const url = await logoutUrlFor(identityOf(request)).catch((err: unknown) => {
        request.log.warn({ err }, 'SAML logout could not be started');
        return null;
      });
      return reply
        .header('set-cookie', forgetIdentity)
        .header('cache-control', 'no-store')
        .redirect(url ?? '/login', 302);
    };

    async function idpLogoutRequest(
      request: FastifyRequest,
      reply: FastifyReply,
      message: Record<string, unknown>,
      posted: boolean,
    ): Promise<FastifyReply> {
      let profile: Profile | null;
      let saml: SAML;
      try {
        ({ saml } = await current());
        if (posted) {
          profile = (await saml.validatePostRequestAsync(message as Record<string, string>))
            .profile;
        } else {
          // node-saml takes an unsigned redirect-bound request as valid: anyone could then log
          // a person out by naming them. Only a request the IdP signed is heard.
          if (typeof message['Signature'] !== 'string') {
            throw new Error('The logout request is not signed');
          }
          const alg = typeof message['SigAlg'] === 'string' ? message['SigAlg'] : '';
          if (!settings.allowSha1 && isSha1Algorithm(alg)) {
            throw new Error(`The logout request is signed with SHA-1 (${alg})`);
          }
          profile = (
            await saml.validateRedirectAsync(message as Record<string, string>, rawQuery(request))
          ).profile;
        }
        if (!profile) throw new Error('The logout request names nobody');
      } catch (err) {
        request.log.warn({ err }, 'SAML logout request refused');
        return refuse(reply, 403, 'The logout request could not be verified.');
      }
      const sessions = await state.takePrefix(
        sessionKeyPrefix(profile.nameID, profile.sessionIndex ?? undefined),
      );
      for (const entry of sessions) {
        const { userId, sid } = JSON.parse(entry) as { userId: string; sid: string };
        await options.users.endSession?.(userId, sid);
      }
      request.log.info(
        { ended: sessions.length },
        `Single logout requested by the identity provider: ${String(sessions.length)} session(s) ended`,
      );
      const relayState = typeof message['RelayState'] === 'string' ? message['RelayState'] : '';
      const url = await saml.getLogoutResponseUrlAsync(profile, relayState, {}, true);
      // Cookies are sent on the IdP's top-level redirect (Lax): this browser forgets the session.
      const session = sessionFromCookie(request, options.sessionCodec);
      return reply
        .header('set-cookie', [
          forgetIdentity,
          ...(session ? [sessionClearCookie(options.mode)] : []),
        ])
        .header('cache-control', 'no-store')
        .redirect(url, 302);
    }

    fastify.get(SAML_LOGOUT_PATH, { config: routeConfig }, logoutRoute);
    fastify.post(SAML_LOGOUT_PATH, { config: routeConfig }, logoutRoute);
    done();
  }

  return {
    endpoints,
    routes,
    async logout(request) {
      const identity = identityOf(request);
      if (!identity) return { url: null, cookies: [] };
      await state.takePrefix(sessionKeyPrefix(identity.nameID, identity.sessionIndex));
      const url = await logoutUrlFor(identity).catch((err: unknown) => {
        request.log.warn({ err }, 'SAML logout could not be started');
        return null;
      });
      return { url, cookies: [forgetIdentity] };
    },
    async problem() {
      try {
        await current();
        return '';
      } catch (err) {
        return err instanceof Error ? err.message : String(err);
      }
    },
  };
}

function rawQuery(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
}
