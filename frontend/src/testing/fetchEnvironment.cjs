// A jsdom test environment with Node's real fetch: components under test talk HTTP to a real
// local server (testing/apiServer.ts) instead of a mocked network. jsdom has no fetch of its
// own; relative URLs (the app's '/api/…') go to the origin a test sets in
// globalThis.__ALLOT_API_ORIGIN__.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    const win = this.global;
    const base = () => win.__ALLOT_API_ORIGIN__ ?? 'http://127.0.0.1:9';
    const absolute = (input) => {
      if (typeof input !== 'string' && !(input instanceof URL)) return input;
      const relative = new URL(String(input), win.location.href);
      return new URL(`${relative.pathname}${relative.search}`, base()).href;
    };
    class BoundRequest extends Request {
      constructor(input, init) {
        super(absolute(input), init);
      }
    }
    win.fetch = (input, init) => fetch(absolute(input), init);
    win.Request = BoundRequest;
    win.Response = Response;
    win.Headers = Headers;
    win.FormData = FormData;
    win.AbortController = AbortController;
    win.AbortSignal = AbortSignal;
    win.TextEncoder = TextEncoder;
    win.TextDecoder = TextDecoder;
  }
}

module.exports = JsdomWithFetch;
