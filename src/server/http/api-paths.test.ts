import { describe, expect, it } from 'vitest';
import { isApiPath, resolvesUnderApi } from './serve';

/** Everything addressed to /api answers JSON, even a path that resolves elsewhere (serve.ts). */
describe('API paths at the HTTP edge', () => {
  it('knows a request for the API by its raw path, in every spelling of the separator', () => {
    for (const url of ['/api', '/api/', '/api?x=1', '/api/master', '/api\\x', '/api%5Cx', '/api%5cx', '/api%2Fx', '/api/../x', '/API/master'])
      expect(isApiPath(url), url).toBe(true);
    for (const url of ['/', '/apis', '/api-docs', '/apix/master', '/products', '/x/api/master']) expect(isApiPath(url), url).toBe(false);
  });

  it('sees where the router will resolve it: dot segments and backslashes that leave /api are caught', () => {
    for (const url of ['/api', '/api/', '/api/master', '/api/shops/1?x=/../', '/api/a/../master']) expect(resolvesUnderApi(url), url).toBe(true);
    for (const url of ['/api/../x', '/api/%2e%2e/x', '/api%5C..%5Cx', '/api\\..\\x', '/api/..', '/api%2F..%2Fx']) expect(resolvesUnderApi(url), url).toBe(false);
  });
});
