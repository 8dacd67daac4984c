import type { App } from '../../src/server/app';

export interface EdgeAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/**
 * POSTs JSON to the API as the HTTP edge does for a browser at `from`: the client
 * address arrives as the `peer` binding, so per-address rate limits count it.
 */
export function edgeCaller(app: App, from: string) {
  return async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<EdgeAnswer> => {
    const response = await app.request(
      `/api${path}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) },
      { peer: { address: from, encrypted: false } },
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
}
