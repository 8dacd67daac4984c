/**
 * A page's Content-Security-Policy header with `origins` added to its form-action: the
 * checkout and "pay now" forms post to the shop, which answers with a redirect to the
 * payment provider's page, and browsers apply form-action to that redirect too. Pages
 * without the header or without a form-action directive are returned as they are.
 */
export function allowFormRedirects(response: Response, origins: readonly string[]): Response {
  const policy = response.headers.get('content-security-policy');
  if (!policy || origins.length === 0 || !/(^|;)\s*form-action\s/i.test(policy)) return response;
  const widened = policy
    .split(';')
    .map((directive) => (/^\s*form-action\s/i.test(directive) ? `${directive.trimEnd()} ${origins.join(' ')}` : directive))
    .join(';');
  try {
    // In place, keeping whatever the framework attached to the response.
    response.headers.set('content-security-policy', widened);
    return response;
  } catch {
    // Immutable headers (Response.redirect, fetch): a copy.
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', widened);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
