import { DEMO_PASSWORD } from '../demoIdp/accounts.js';
import { formAction, type Hop, type TestBrowser } from './browser.js';

/**
 * Signs a test browser in through the whole OIDC flow at the embedded demo provider: the login
 * redirect, the provider's form with the demo password, and the callback. Answers the hops of
 * the form post, for the caller's own checks of where they ended.
 */
export async function signInAtDemoIdp(browser: TestBrowser, username: string): Promise<Hop[]> {
  const toLogin = await browser.follow('/api/auth0/login');
  const action = formAction(toLogin[toLogin.length - 1]?.body ?? '');
  return browser.follow(action, { form: { username, password: DEMO_PASSWORD } });
}

/** The signed-in browser's CSRF token, as the client reads it from GET /api/auth/csrf. */
export async function csrfTokenOf(browser: TestBrowser): Promise<string> {
  const answer = await browser.request('/api/auth/csrf');
  if (answer.status !== 200)
    throw new Error(`GET /api/auth/csrf answered ${String(answer.status)}`);
  return (JSON.parse(answer.body) as { csrfToken: string }).csrfToken;
}
