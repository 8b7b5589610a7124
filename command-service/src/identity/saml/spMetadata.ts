import type { SamlSignedPart } from '../options.js';

const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** The NameID formats Allot accepts (it matches people by attributes, whatever the NameID is). */
export const NAME_ID_FORMATS = [
  'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
] as const;

export interface SpMetadataInput {
  entityId: string;
  acsUrl: string;
  logoutUrl: string;
  /** Allot's certificate (PEM): for the IdP to check signed requests and to encrypt to Allot. */
  cert: string | null;
  signRequests: boolean;
  signed: SamlSignedPart;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function certBody(pem: string): string {
  return pem
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
}

function keyDescriptor(use: 'signing' | 'encryption', cert: string): string {
  return (
    `<md:KeyDescriptor use="${use}"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>` +
    `${certBody(cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>` +
    (use === 'encryption'
      ? '<md:EncryptionMethod Algorithm="http://www.w3.org/2009/xmlenc11#aes256-gcm"/>' +
        '<md:EncryptionMethod Algorithm="http://www.w3.org/2009/xmlenc11#aes128-gcm"/>' +
        '<md:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes256-cbc"/>' +
        '<md:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>'
      : '') +
    `</md:KeyDescriptor>`
  );
}

/**
 * What a campus IdP's administrator loads to register Allot: its entity id, where answers go
 * (HTTP-POST), single logout (both bindings), its certificates and the NameID formats it takes.
 */
export function spMetadataXml(input: SpMetadataInput): string {
  const wantAssertionsSigned = input.signed === 'assertion' || input.signed === 'both';
  const keys = input.cert
    ? keyDescriptor('signing', input.cert) + keyDescriptor('encryption', input.cert)
    : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" ` +
    `xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(input.entityId)}">` +
    `<md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" ` +
    `AuthnRequestsSigned="${String(input.signRequests)}" WantAssertionsSigned="${String(wantAssertionsSigned)}">` +
    keys +
    `<md:SingleLogoutService Binding="${REDIRECT}" Location="${escapeXml(input.logoutUrl)}"/>` +
    `<md:SingleLogoutService Binding="${POST}" Location="${escapeXml(input.logoutUrl)}"/>` +
    NAME_ID_FORMATS.map((f) => `<md:NameIDFormat>${f}</md:NameIDFormat>`).join('') +
    `<md:AssertionConsumerService Binding="${POST}" Location="${escapeXml(input.acsUrl)}" index="0" isDefault="true"/>` +
    `</md:SPSSODescriptor></md:EntityDescriptor>\n`
  );
}
