import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

export type ApiAnswer = { status?: number; body: unknown } | undefined;
export type ApiHandler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

/** The test's view of the window global that fetchEnvironment.cjs reads. */
interface WithApiOrigin {
  __ALLOT_API_ORIGIN__?: string;
}

/** A JSON body parsed; any other (a multipart upload) as the text it is. */
function bodyOf(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * A real HTTP server playing the API for component tests (run under fetchEnvironment.cjs).
 * Unknown paths answer 404 so a forgotten route shows up as a failing call, never a hang.
 */
export async function startApiServer(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const call: ApiCall = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        body: raw ? bodyOf(raw) : undefined,
      };
      calls.push(call);
      void Promise.resolve(handler(call)).then((answer) => {
        const status = answer?.status ?? (answer ? 200 : 404);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer?.body ?? { message: 'Not found' }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (globalThis as WithApiOrigin).__ALLOT_API_ORIGIN__ = `http://127.0.0.1:${String(port)}`;
  return {
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
