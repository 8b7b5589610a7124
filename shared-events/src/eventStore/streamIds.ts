/** Stream ids are `<type>-<id>`; one helper per aggregate builds them (STYLE habit 3). */
export function streamId(type: string, id: string): string {
  return `${type}-${id}`;
}

/** The aggregate type of a stream id: everything before the first dash. */
export function streamTypeOf(id: string): string {
  const dash = id.indexOf('-');
  return dash === -1 ? id : id.slice(0, dash);
}
