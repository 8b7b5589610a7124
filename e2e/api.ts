import type { Page } from 'playwright-core';

/**
 * A call to the API from inside a signed-in page (its session cookie and CSRF token), for what a
 * test arranges or checks beside the UI. Answers the status and the parsed body.
 */
export function api<T = unknown>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const headers: Record<string, string> = {};
      if (method !== 'GET') {
        const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as {
          csrfToken: string;
        };
        headers['X-CSRF-Token'] = csrfToken;
        headers['content-type'] = 'application/json';
      }
      const response = await fetch(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, url, body },
  );
}
