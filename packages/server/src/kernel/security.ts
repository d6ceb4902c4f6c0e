import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** HSTS for a year once the site is served over TLS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The content security policy of every answer. The workbench is a Vite build: its scripts and
 * stylesheets are files from the same origin, so no inline script and no inline <style> element
 * (Blueprint and Popper position popovers through element.style, which CSP does not govern).
 * Inline style *attributes* are allowed (style-src-attr): @blueprintjs/table's resize sensor
 * writes its elements as HTML with style attributes, and chromium blocks them otherwise (seen in
 * e2e/lock-and-links.e2e.test.ts). A style attribute runs no script and cannot select other
 * elements, unlike a <style> element, which stays forbidden. Images may be data: URLs. No page
 * may be framed.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The API reference (/docs) is one server-rendered page with an inline stylesheet and no script:
 * it alone may use inline styles, and it may run no script at all.
 */
export const DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The options of @fastify/helmet that give the headers above. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  frameguard: { action: 'deny' as const },
  strictTransportSecurity: false,
  // The workbench loads nothing cross-origin; COEP would only get in the way of a plugin's images.
  crossOriginEmbedderPolicy: false,
};

/** Headers an answer of the probe carries that are not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sets with HELMET_OPTIONS, read once from an answer of a throwaway
 * app. @fastify/helmet builds helmet's middleware anew for every request (parsing the CSP
 * directives each time: some 4 % of a cached GET's CPU in a profile), while with these options
 * (no nonces, no per-route settings) its headers are the same on every answer.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => 'probe');
  try {
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(Object.entries(res.headers).filter(([k]) => !NOT_HELMET.has(k)).map(([k, v]) => [k, String(v)]));
  } finally {
    await probe.close();
  }
}

/**
 * Security headers on every answer (helmet's, see helmetHeaders): the CSP above, frame-ancestors
 * 'none' and X-Frame-Options DENY, Referrer-Policy strict-origin-when-cross-origin, nosniff; HSTS
 * only when the request came over TLS or the public address is https (behind a TLS proxy), since
 * HSTS on plain http is ignored at best and pins a wrong scheme at worst. A route may still set
 * its own (/docs: DOCS_CSP).
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const headers = await helmetHeaders();
  if (!headers['content-security-policy'] || !headers['x-frame-options']) throw new Error('helmet set no security headers');
  const tlsSite = publicUrl.toLowerCase().startsWith('https:');
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (tlsSite || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
