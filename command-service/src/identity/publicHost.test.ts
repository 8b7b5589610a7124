import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { redirectToPublicUrl } from './publicHost.js';

async function startAt(publicUrl: string, host: string, url = '/api/auth0/login') {
  const app = Fastify();
  app.get(
    '/api/auth0/login',
    (request, reply) => redirectToPublicUrl(request, reply, publicUrl) ?? 'started',
  );
  const response = await app.inject({ method: 'GET', url, headers: { host } });
  await app.close();
  return { status: response.statusCode, location: response.headers.location, body: response.body };
}

describe('a sign-in start goes to the public URL first', () => {
  it('starts at once on the public address, with or without its default port', async () => {
    expect((await startAt('http://localhost:3000', 'localhost:3000')).body).toBe('started');
    expect((await startAt('https://allot.example.edu', 'allot.example.edu:443')).body).toBe(
      'started',
    );
    expect((await startAt('http://allot.example.edu', 'ALLOT.example.edu')).body).toBe('started');
  });

  it('sends another address to the same path on the public URL, once', async () => {
    const moved = await startAt(
      'http://localhost:3000',
      '127.0.0.1:3000',
      '/api/auth0/login?origin=%2Fx',
    );
    expect(moved.status).toBe(302);
    expect(moved.location).toBe('http://localhost:3000/api/auth0/login?origin=%2Fx&atPublicUrl=1');
    const again = await startAt(
      'http://localhost:3000',
      '127.0.0.1:3000',
      '/api/auth0/login?atPublicUrl=1',
    );
    expect(again.body).toBe('started');
    expect((await startAt('http://localhost:3000', 'not a host')).status).toBe(302);
  });
});
