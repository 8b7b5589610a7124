import { hkdfSync } from 'node:crypto';

/** The embedded client's secret, derived so the provider and the app agree without configuration. */
export function embeddedClientSecret(secret: string): string {
  return Buffer.from(hkdfSync('sha256', secret, 'allot-demo-idp', 'client-secret', 32)).toString(
    'base64url',
  );
}
