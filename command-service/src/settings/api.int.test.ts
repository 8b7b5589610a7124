import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SETTINGS_STREAM } from '@allot/shared-events';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';

let db: TestStore;
let t: TestApp;

beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, {
    admin: [{ action: 'manage', subject: 'Configuration' }],
    reader: [{ action: 'read', subject: 'Configuration' }],
  });
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const put = (machineName: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method: 'PUT',
    url: `/api/settings/${machineName}`,
    payload: payload as object,
    headers,
  });

/** Runs a request and checks the settings stream is unchanged by it. */
async function refused(request: () => ReturnType<typeof put>) {
  const before = await db.events(SETTINGS_STREAM);
  const response = await request();
  expect(await db.events(SETTINGS_STREAM)).toHaveLength(before.length);
  return response;
}

describe('PUT /api/settings/:machineName', () => {
  it('records the change and answers id, revision and position', async () => {
    const response = await put(
      'institution_name',
      { value: 'Northbridge University' },
      {
        ...t.signedIn('admin'),
        'x-correlation-id': 'corr-42',
      },
    );
    expect(response.statusCode).toBe(200);
    const events = await db.events(SETTINGS_STREAM);
    const last = events.at(-1);
    expect(response.json()).toEqual({
      id: 'institution_name',
      revision: Number(last?.revision),
      position: expect.stringMatching(/^\d+:\d+$/),
    });
    expect(last).toMatchObject({
      type: 'SettingChanged',
      data: { machineName: 'institution_name', value: 'Northbridge University' },
      metadata: {
        actorId: 'admin',
        onBehalfOfId: null,
        correlationId: 'corr-42',
        causationId: expect.any(String),
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        schemaVersion: 1,
      },
    });
  });

  it('sets security headers', async () => {
    const response = await put('logo', { value: 'false' }, t.signedIn('admin'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('stores the support URL the System Settings page sends', async () => {
    const response = await put(
      'support_url',
      { value: 'https://support.northbridge.example/chat' },
      t.signedIn('admin'),
    );
    expect(response.statusCode).toBe(200);
    expect((await db.events(SETTINGS_STREAM)).at(-1)).toMatchObject({
      type: 'SettingChanged',
      data: { machineName: 'support_url', value: 'https://support.northbridge.example/chat' },
    });
  });

  it('writes nothing when the value is unchanged and answers the current revision', async () => {
    const first = await put('primary_color', { value: '#0736a4' }, t.signedIn('admin'));
    const again = await refused(() =>
      put('primary_color', { value: '#0736A4' }, t.signedIn('admin')),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('records the authenticated user as onBehalfOf while masquerading', async () => {
    const response = await put(
      'institution_name',
      { value: 'Masqueraded' },
      t.signedIn('root', 'admin'),
    );
    expect(response.statusCode).toBe(200);
    const last = (await db.events(SETTINGS_STREAM)).at(-1);
    expect(last?.metadata).toMatchObject({ actorId: 'admin', onBehalfOfId: 'root' });
  });

  describe('refuses, writing nothing', () => {
    it.each([
      ['a number', { value: 5 }, 'value'],
      ['a missing value', {}, 'value'],
      ['an unknown field', { value: 'x', extra: 1 }, ''],
      ['a value that is too long', { value: 'x'.repeat(10_001) }, 'value'],
    ])('400 for %s', async (_case, body, field) => {
      const response = await refused(() => put('institution_name', body, t.signedIn('admin')));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        fields: expect.arrayContaining([expect.objectContaining({ field })]),
      });
    });

    it('404 with a sentence for a setting that does not exist, storing and listing nothing', async () => {
      for (const machineName of ['made_up', 'constructor', 'theme']) {
        const response = await refused(() => put(machineName, { value: 'x' }, t.signedIn('admin')));
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: 'There is no such setting.',
        });
      }
      // A role that may not change settings learns nothing about which exist.
      const asReader = await refused(() => put('made_up', { value: 'x' }, t.signedIn('reader')));
      expect(asReader.statusCode).toBe(403);
    });

    it('422 with a sentence for an institution name outside 1 to 120 characters', async () => {
      for (const value of ['', '   ', 'x'.repeat(121), 'x'.repeat(5000)]) {
        const response = await refused(() =>
          put('institution_name', { value }, t.signedIn('admin')),
        );
        expect(response.statusCode).toBe(422);
        expect(response.json().message).toBe(
          'The institution name must be 1 to 120 characters long.',
        );
      }
      const longest = await put(
        'institution_name',
        { value: 'x'.repeat(120) },
        t.signedIn('admin'),
      );
      expect(longest.statusCode).toBe(200);
    });

    it('422 with a sentence for a logo value other than the default, or the uploaded logo when none was uploaded', async () => {
      const bogus = await refused(() => put('logo', { value: 'yes' }, t.signedIn('admin')));
      expect(bogus.statusCode).toBe(422);
      expect(bogus.json().message).toMatch(/^The logo is either the uploaded image or the default/);
      const none = await refused(() => put('logo', { value: 'true' }, t.signedIn('admin')));
      expect(none.statusCode).toBe(422);
      expect(none.json().message).toBe('No logo was uploaded yet: upload one first.');
    });

    it('400 for a malformed machine name', async () => {
      const response = await refused(() => put('9-lives', { value: 'x' }, t.signedIn('admin')));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([expect.objectContaining({ field: 'machineName' })]);
    });

    it('400 for malformed JSON and for no body at all', async () => {
      const headers = { ...t.signedIn('admin'), 'content-type': 'application/json' };
      const bad = await refused(() =>
        t.request({ method: 'PUT', url: '/api/settings/logo', payload: '{"value":', headers }),
      );
      expect(bad.statusCode).toBe(400);
      const empty = await refused(() =>
        t.request({ method: 'PUT', url: '/api/settings/logo', headers: t.signedIn('admin') }),
      );
      expect(empty.statusCode).toBe(400);
    });

    it('415 for a media type the API does not read, 400 for plain text', async () => {
      const xml = { ...t.signedIn('admin'), 'content-type': 'application/xml' };
      const asXml = await refused(() =>
        t.request({
          method: 'PUT',
          url: '/api/settings/logo',
          payload: '<value>true</value>',
          headers: xml,
        }),
      );
      expect(asXml.statusCode).toBe(415);
      const text = { ...t.signedIn('admin'), 'content-type': 'text/plain' };
      const asText = await refused(() =>
        t.request({ method: 'PUT', url: '/api/settings/logo', payload: 'true', headers: text }),
      );
      expect(asText.statusCode).toBe(400);
    });

    it('413 for a body over the limit', async () => {
      const response = await refused(() =>
        put('logo', { value: 'x'.repeat(100_000) }, t.signedIn('admin')),
      );
      expect(response.statusCode).toBe(413);
    });

    it('401 without a session', async () => {
      const response = await refused(() => put('institution_name', { value: 'Hijacked' }));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, message: 'Please log in.' });
    });

    it('403 for a user who may only read the configuration', async () => {
      const response = await refused(() =>
        put('institution_name', { value: 'Hijacked' }, t.signedIn('reader')),
      );
      expect(response.statusCode).toBe(403);
    });

    it('403 for a session cookie without the CSRF token', async () => {
      const response = await refused(() =>
        put('institution_name', { value: 'Hijacked' }, t.cookieOnly('admin')),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/CSRF/);
    });

    it('403 for a wrong CSRF token', async () => {
      const headers = {
        ...t.signedIn('admin'),
        'x-csrf-token': t.signedIn('admin')['x-csrf-token'] ?? '',
      };
      const response = await refused(() => put('institution_name', { value: 'Hijacked' }, headers));
      expect(response.statusCode).toBe(403);
    });

    it('401 for a tampered session cookie (no session)', async () => {
      const { cookie, ...csrf } = t.signedIn('admin');
      const tampered = { ...csrf, cookie: `${cookie?.slice(0, -2) ?? ''}xx` };
      const response = await refused(() =>
        put('institution_name', { value: 'Hijacked' }, tampered),
      );
      expect(response.statusCode).toBe(401);
    });

    it('422 with a sentence for a primary colour that is not #rrggbb', async () => {
      const response = await refused(() =>
        put('primary_color', { value: 'blue' }, t.signedIn('admin')),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'The primary colour must be a colour like #0736a4 (# and six hexadecimal digits).',
      });
    });

    it('422 with a sentence for a support URL that is not an http(s) address', async () => {
      const response = await refused(() =>
        put('support_url', { value: 'javascript:alert(1)' }, t.signedIn('admin')),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        statusCode: 422,
        message: 'The support URL must be a web address starting with http:// or https://.',
      });
    });

    it('409 with the current revision for a stale If-Match', async () => {
      const current = Number((await db.events(SETTINGS_STREAM)).at(-1)?.revision);
      const response = await refused(() =>
        put(
          'institution_name',
          { value: 'Stale' },
          { ...t.signedIn('admin'), 'if-match': `"${current - 1}"` },
        ),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ statusCode: 409, currentRevision: current });
    });

    it('400 for a malformed If-Match', async () => {
      const response = await refused(() =>
        put(
          'institution_name',
          { value: 'x' },
          { ...t.signedIn('admin'), 'if-match': 'yesterday' },
        ),
      );
      expect(response.statusCode).toBe(400);
    });
  });

  it('accepts the current revision in If-Match', async () => {
    const current = Number((await db.events(SETTINGS_STREAM)).at(-1)?.revision);
    const response = await put(
      'institution_name',
      { value: 'Fresh' },
      {
        ...t.signedIn('admin'),
        'if-match': `"${current}"`,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ revision: current + 1 });
  });
});
