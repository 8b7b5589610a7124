/** Modes served over plain http (trying and developing Allot, never a deployment). */
const PLAIN_HTTP_MODES = new Set(['development', 'local', 'test']);

export function servedOverPlainHttp(mode: string): boolean {
  return PLAIN_HTTP_MODES.has(mode);
}

/**
 * The security headers of every answer (the app's HTML and assets, reads, writes, the logo), as
 * @fastify/helmet options. Styles may be inline: Blueprint positions popovers with style
 * attributes and the sign-in pages carry a small <style>; scripts come only from Allot itself.
 * HSTS and upgrade-insecure-requests only where Allot is served over https.
 */
export function securityHeaderOptions(mode: string) {
  const https = !servedOverPlainHttp(mode);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'same-origin' as const },
    hsts: https,
    // The logo and the app's assets are only ever used by Allot's own pages.
    crossOriginResourcePolicy: { policy: 'same-origin' as const },
  };
}
