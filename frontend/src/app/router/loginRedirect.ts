/** Where an anonymous visitor of `pathname + search` is sent: /login carrying the origin (spec §2). */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?origin=${encodeURIComponent(`${pathname}${search}`)}`;
}
