/** Test helpers shared by the SDK tests (not exported from the package). */

/** A JWT with the given payload (the signature is not checked by the client). */
export function makeToken(payload: Record<string, unknown>): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}.c2lnbmF0dXJl`;
}

export interface Recorded {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: string;
}

export type Reply = Response | ((req: Request) => Response | Promise<Response>);

/**
 * A fake `fetch`: answers with the queued replies in order (the last one repeats) and records
 * every request it saw.
 */
export function fakeFetch(...replies: Reply[]) {
  const requests: Recorded[] = [];
  let i = 0;
  const fetch = async (req: Request): Promise<Response> => {
    requests.push({ method: req.method, url: new URL(req.url), headers: req.headers, body: await req.clone().text() });
    const reply = replies[Math.min(i++, replies.length - 1)];
    if (!reply) throw new Error('fakeFetch: no reply queued');
    return typeof reply === 'function' ? reply(req) : reply.clone();
  };
  return { fetch, requests };
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status: 200, ...init, headers });
}

export function problem(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ type: 'about:blank', status, ...body }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
}
