/** A bare HTTP client for tests that need to send what no SDK would (bad input, forged tokens). */
export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  /** Sent as-is (for malformed JSON and odd content types). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export function http(base: string) {
  async function call(method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let parsed: any = text;
    try { parsed = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }
  async function signIn(username: string, password = 'demo1234', rememberMe = false): Promise<string> {
    const r = await call('POST', '/api/authenticate', { body: { username, password, rememberMe } });
    if (r.status !== 200) throw new Error(`sign-in ${username} failed: ${r.status} ${r.text}`);
    return String(r.headers.get('authorization')).replace(/^Bearer /, '');
  }
  return { call, signIn };
}

export const ONMUHASEBE = '/services/onmuhasebe/api';
