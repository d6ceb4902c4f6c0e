/**
 * The desktop assistant (Kolay Asistan) and connector settings (issue 13; seeds 001 §3
 * connector setting, §6 modules 28, 32, 33; seed 000 §9 database types). Shared by the server and
 * the workbench.
 */

export const DATABASE_TYPES = ['MSSQL', 'POSTGRESQL', 'ORACLE'] as const;
export type DatabaseType = (typeof DATABASE_TYPES)[number];

/** The port the assistant's local API answers on (seeds 001 §7, §9). */
export const ASSISTANT_LOCAL_PORT = 10999;

/**
 * The newest assistant version the server knows (GET connector/getLastVersion/kolay_asistan).
 * Our decision: a semantic version the server ships with; an assistant older than it offers the
 * person an update.
 */
export const KOLAY_ASISTAN_LAST_VERSION = '2.4.0';
export const KOLAY_ASISTAN_DOWNLOAD_PATH = '/downloads/kolay-asistan/KolayAsistanSetup-2.4.0.exe';

/**
 * The pharmacy software (eczane otomasyon programları) a connector reads from. The seeds name a
 * list of 15 without names. OUR DECISION: only programs we can name with confidence are listed
 * (the seeds themselves name Eczanem as an ERP type and Farmakom as an integrator), each with the
 * database it usually keeps its data in (the default the form proposes), and "Diğer" for the
 * rest; a program is added here once its name and database are confirmed, not guessed.
 */
export const PHARMACY_SOFTWARE = [
  { code: 'BOTANIK_EOS', name: 'Botanik EOS', databaseType: 'MSSQL', port: 1433 },
  { code: 'ECZANEM', name: 'Eczanem', databaseType: 'MSSQL', port: 1433 },
  { code: 'FARMAKOM', name: 'Farmakom', databaseType: 'MSSQL', port: 1433 },
  { code: 'DIGER', name: 'Diğer', databaseType: 'MSSQL', port: 1433 },
] as const satisfies readonly { code: string; name: string; databaseType: DatabaseType; port: number }[];
export type PharmacySoftwareCode = (typeof PHARMACY_SOFTWARE)[number]['code'];
export const PHARMACY_SOFTWARE_CODES = PHARMACY_SOFTWARE.map((s) => s.code);

export const ASSISTANT_TEXTS_TR = {
  /** Seeds 001 §8: a 500 titled 'Internal Server Error' tells the person to restart the assistant. */
  restart: 'Kolay Asistan yanıt vermedi. Lütfen masaüstü asistanını yeniden başlatın.',
  connectorDeleted: 'Bağlantı ayarı silindi',
} as const;
