import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Allot</title></head>
<body><h1>Allot</h1><p>The frontend is not built yet: run <code>npm run build -w @allot/frontend</code> (or <code>npm start</code>, which builds it).</p></body></html>`;

/**
 * Serves the built frontend; any other GET outside /api gets index.html so the browser's router
 * handles deep links. Unknown /api paths stay JSON 404s.
 */
export async function registerFrontend(app: FastifyInstance, frontendDir: string): Promise<void> {
  const built = existsSync(path.join(frontendDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: frontendDir,
      wildcard: false,
      index: ['index.html'],
    });
  } else {
    app.log.warn(`No built frontend in ${frontendDir}; serving a page that says how to build it.`);
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({
        error: 'Not Found',
        message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}`,
      });
    }
    // Only a missing asset with an extension is a real 404; paths without one are app routes.
    if (path.extname(request.url.split('?')[0] ?? '') !== '' && !request.url.endsWith('.html')) {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    if (!built) return reply.type('text/html').send(NOT_BUILT_PAGE);
    return reply.sendFile('index.html');
  });
}
