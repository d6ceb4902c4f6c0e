import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The integrator passwords at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the
 * server's secret, bound to the company and the field (additional data), so a value copied to
 * another company's row or column does not open. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = 'v1';

function keyOf(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.from('tezgah-edocument'), Buffer.from('edoc_settings password v1'), 32));
}

const aad = (companyId: number, field: string) => Buffer.from(`edoc_settings:${companyId}:${field}`, 'utf8');

export function encryptSecret(secret: Buffer, companyId: number, field: string, clear: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(aad(companyId, field));
  const ct = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** The clear text, or null when there is none or it does not open (another secret, a tampered value). */
export function decryptSecret(secret: Buffer, companyId: number, field: string, stored: string | null | undefined): string | null {
  if (!stored) return null;
  const [v, iv, tag, ct, extra] = stored.split('.');
  if (v !== VERSION || !iv || !tag || ct === undefined || extra !== undefined) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    d.setAAD(aad(companyId, field));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}
