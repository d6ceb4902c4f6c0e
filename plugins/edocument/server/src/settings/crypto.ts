import { openSecret, sealSecret, type SecretScope } from '@tezgah/server';

/**
 * The integrator passwords at rest: the kernel's sealed secrets (AES-256-GCM, HKDF from the
 * server's secret) with this plugin's salt and info, bound to the company and the field.
 */
const scope = (companyId: number, field: string): SecretScope => ({
  salt: 'tezgah-edocument', info: 'edoc_settings password v1', aad: `edoc_settings:${companyId}:${field}`,
});

export const encryptSecret = (secret: Buffer, companyId: number, field: string, clear: string): string => sealSecret(secret, scope(companyId, field), clear);

/** The clear text, or null when there is none or it does not open (another secret, a tampered value). */
export const decryptSecret = (secret: Buffer, companyId: number, field: string, stored: string | null | undefined): string | null =>
  openSecret(secret, scope(companyId, field), stored);
