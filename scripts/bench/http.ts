import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent on the wire: still compressed when the server compressed it. */
  body: Buffer;
}

/**
 * A GET that keeps the response bytes as transferred. `fetch` would decompress them and
 * hide how much the server actually sent.
 */
export function getRaw(url: string, acceptEncoding = 'identity', cookie?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': acceptEncoding, ...(cookie ? { cookie } : {}) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`No answer within 30 s: ${url}`)));
  });
}

/** GET that must answer 200; returns the raw response. */
export async function getOk(url: string, acceptEncoding = 'identity', cookie?: string): Promise<RawResponse> {
  const response = await getRaw(url, acceptEncoding, cookie);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return response;
}

export function encodingOf(response: RawResponse): string {
  return response.headers['content-encoding'] ?? 'identity';
}
