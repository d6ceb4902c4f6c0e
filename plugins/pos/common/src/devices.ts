/**
 * POS devices (seeds 001 §2 /pos-devices, §3 company POS provider fields). The providers a
 * device may be reached through: the simulator this server serves (SANDBOX) and Token X Connect
 * Cloud (TOKENX: Beko / Token Android POS and payment recorders). Our decision: the seeds name
 * no provider list; the other cloud POS APIs of Turkey are not public enough to build against.
 */
export const POS_PROVIDERS = ['SANDBOX', 'TOKENX'] as const;
export type PosProvider = (typeof POS_PROVIDERS)[number];

export const POS_PROVIDER_LABELS: Record<PosProvider, { tr: string; en: string }> = {
  SANDBOX: { tr: 'Deneme cihazı (simülatör)', en: 'Sandbox terminal (simulator)' },
  TOKENX: { tr: 'Token X Connect Cloud (Beko)', en: 'Token X Connect Cloud (Beko)' },
};

/** The terminal serial number: letters, digits and dashes (Beko: e.g. "AV0000012345"). */
export const TERMINAL_SERIAL = /^[A-Za-z0-9-]{4,32}$/;
