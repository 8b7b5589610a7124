import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml.js';
import type { SamlIdpSettings } from '../options.js';

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** An IdP's settings from its SAML metadata (an EntityDescriptor with an IDPSSODescriptor). */
export async function parseIdpMetadata(xml: string): Promise<SamlIdpSettings> {
  let doc: Document;
  try {
    doc = await parseDomFromString(xml);
  } catch {
    throw new Error('it is not XML');
  }
  const [descriptor] = xpath.selectElements(
    doc,
    "//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]",
  );
  if (!descriptor) throw new Error('it describes no identity provider (no IDPSSODescriptor)');
  const [idp] = xpath.selectElements(descriptor, "./*[local-name()='IDPSSODescriptor']");
  if (!idp) throw new Error('it describes no identity provider (no IDPSSODescriptor)');
  const certs = xpath
    .selectElements(
      idp,
      "./*[local-name()='KeyDescriptor'][not(@use) or @use='signing']//*[local-name()='X509Certificate']",
    )
    .map((el) => (el.textContent ?? '').replace(/\s+/g, ''))
    .filter(Boolean);
  const location = (service: string) =>
    xpath
      .selectAttributes(
        idp,
        `./*[local-name()='${service}'][@Binding='${REDIRECT_BINDING}']/@Location`,
      )
      .map((a) => a.value)[0];
  const entryPoint = location('SingleSignOnService');
  if (!entryPoint)
    throw new Error('it has no single sign-on service with the HTTP-Redirect binding');
  if (certs.length === 0) throw new Error('it has no signing certificate');
  const logoutUrl = location('SingleLogoutService');
  const entityId = descriptor.getAttribute('entityID');
  return {
    entryPoint,
    idpCert: [...new Set(certs)],
    ...(entityId ? { idpIssuer: entityId } : {}),
    ...(logoutUrl ? { logoutUrl } : {}),
  };
}

export interface IdpMetadataSourceOptions {
  url: string;
  /** How long one reading is used before it is read again; defaults to an hour. */
  refreshMs?: number;
  /** How long a failed reading waits before the next try; defaults to a minute. */
  retryMs?: number;
  fetch?: typeof fetch;
  onRefreshFailed?: (error: Error) => void;
}

/**
 * The IdP's settings as its metadata URL says now: read on first use and again every
 * `refreshMs` (certificate rollover). A failed refresh keeps the last good reading.
 */
export function idpMetadataSource(
  options: IdpMetadataSourceOptions,
): () => Promise<SamlIdpSettings> {
  const refreshMs = options.refreshMs ?? 60 * 60 * 1000;
  const retryMs = options.retryMs ?? 60 * 1000;
  const get = options.fetch ?? fetch;
  let current: { settings: SamlIdpSettings; readAt: number } | null = null;
  let failure: { error: Error; at: number } | null = null;
  let reading: Promise<SamlIdpSettings> | null = null;

  async function read(): Promise<SamlIdpSettings> {
    let response: Response;
    try {
      response = await get(options.url, { signal: AbortSignal.timeout(10_000) });
    } catch (err) {
      throw new Error(
        `The identity provider's metadata at ${options.url} could not be read: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (!response.ok) {
      throw new Error(
        `The identity provider's metadata at ${options.url} answered HTTP ${String(response.status)}`,
      );
    }
    try {
      return await parseIdpMetadata(await response.text());
    } catch (err) {
      throw new Error(
        `The identity provider's metadata at ${options.url} cannot be used: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  function refresh(): Promise<SamlIdpSettings> {
    reading ??= read()
      .then((settings) => {
        current = { settings, readAt: Date.now() };
        failure = null;
        return settings;
      })
      .catch((err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        failure = { error, at: Date.now() };
        options.onRefreshFailed?.(error);
        throw error;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  return async () => {
    const now = Date.now();
    if (current) {
      const due = now - current.readAt >= refreshMs && (!failure || now - failure.at >= retryMs);
      // Stale but usable: answer at once and read again behind the scenes.
      if (due) refresh().catch(() => undefined);
      return current.settings;
    }
    if (failure && now - failure.at < retryMs) throw failure.error;
    return refresh();
  };
}
