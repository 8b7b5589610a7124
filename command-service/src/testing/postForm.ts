/** A file sent with a multipart form in a test. */
export interface FormFile {
  content: Buffer | string;
  name: string;
}

/**
 * Posts a multipart form (its fields, then the file in a field named `file`) to the listening
 * test app, with the given headers (a signed-in session); the answer's status and JSON body.
 */
export async function postForm(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: FormFile,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const bytes = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
    form.append('file', new Blob([new Uint8Array(bytes)]), file.name);
  }
  const response = await fetch(url, { method: 'POST', headers, body: form });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}
