/**
 * `Content-Disposition: attachment` naming a file: a plain ASCII name for old clients and the
 * real one in UTF-8 (RFC 6266), so "Gehälter März.csv" arrives as itself.
 */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
