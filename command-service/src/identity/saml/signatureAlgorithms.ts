import { decryptXml, parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml.js';

/**
 * SHA-1 signatures can be forged with a chosen-prefix collision; node-saml verifies them like any
 * other, so each answer's algorithms are looked at first: every signature and digest in the
 * message, and in its encrypted assertion once decrypted.
 */
export function isSha1Algorithm(uri: string): boolean {
  return /sha1$/i.test(uri.trim());
}

/** xmldom's nodes serialise themselves (as node-saml hands them to xml-encryption). */
function serialize(node: Element): string {
  return (node as Element & { toString(): string }).toString();
}

async function algorithmsIn(xml: string): Promise<string[]> {
  const doc = await parseDomFromString(xml);
  return [
    ...xpath.selectAttributes(doc, "//*[local-name()='SignatureMethod']/@Algorithm"),
    ...xpath.selectAttributes(doc, "//*[local-name()='DigestMethod']/@Algorithm"),
  ].map((attribute) => attribute.value);
}

/** The SHA-1 algorithms a SAML message (its XML) is signed or digested with; [] when none. */
export async function sha1AlgorithmsOf(
  xml: string,
  decryptionKey: string | undefined,
): Promise<string[]> {
  const found = await algorithmsIn(xml);
  if (decryptionKey) {
    const doc = await parseDomFromString(xml);
    for (const encrypted of xpath.selectElements(doc, "//*[local-name()='EncryptedAssertion']")) {
      found.push(...(await algorithmsIn(await decryptXml(serialize(encrypted), decryptionKey))));
    }
  }
  return found.filter(isSha1Algorithm);
}
