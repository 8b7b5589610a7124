/** The change feed's address with filters (empty ones left out): a page's "Changes" button. */
export function changesLink(filters: {
  period?: string | null;
  workgroup?: string | null;
  kind?: string | null;
}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `/changes?${query}` : '/changes';
}
