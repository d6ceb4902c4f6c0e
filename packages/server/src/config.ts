import { resolve } from 'node:path';

/** Everything the server reads from its environment, in one place (see README: Configuration). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seed the demo tenant into an empty database. */
  demo: boolean;
  /**
   * Serve the outside systems' simulators under /sandbox/<plugin> (TEZGAH_SANDBOX; by default on
   * exactly when the demo is): a production server answers 404 there.
   */
  sandbox: boolean;
  /** The address people use, for links in mails. */
  publicUrl: string;
  mail: { host: string | undefined; port: number; secure: boolean; user: string | undefined; password: string | undefined; from: string };
  tokenHours: number;
  rememberMeDays: number;
  /** Failed sign-ins per account and per address before a pause, and how long it lasts. */
  throttle: { perAccount: number; perAddress: number; windowSeconds: number; lockSeconds: number };
  logLevel: string;
  bodyLimit: number;
  /** Multipart uploads: bytes a file may have, files a request may carry (TEZGAH_UPLOAD_FILE_LIMIT, TEZGAH_UPLOAD_FILES). */
  upload: { fileSize: number; files: number };
  /** Daily backups of the embedded database: where, and for how many days they are kept (0: none). */
  backup: { dir: string; keepDays: number };
  /** On a PostgreSQL server, authenticated GETs run without a transaction (db/read-path.ts). */
  readPath: boolean;
  /** On a PostgreSQL server, statements sent again are named prepared statements (TEZGAH_PREPARE, db/database.ts). */
  prepare: boolean;
  /** The job queue: run handlers and schedules in this server (TEZGAH_JOBS, default on) and how often an idle queue is polled. */
  jobs: { work: boolean; pollSeconds: number };
  /** The environment this configuration was read from: plugins read their own settings here (e.g. TEZGAH_EDOC_*), so each server keeps its own. */
  env: Readonly<Record<string, string | undefined>>;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const dataDir = resolve(env.TEZGAH_DATA_DIR ?? './data');
  const keepDays = Number(env.TEZGAH_BACKUP_DAYS ?? 7);
  const demo = env.TEZGAH_DEMO !== '0';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    demo,
    sandbox: env.TEZGAH_SANDBOX ? env.TEZGAH_SANDBOX !== '0' : demo,
    publicUrl: env.TEZGAH_PUBLIC_URL ?? `http://localhost:${port}`,
    mail: {
      host: env.SMTP_HOST || undefined,
      port: Number(env.SMTP_PORT ?? 587),
      secure: env.SMTP_SECURE === 'true',
      user: env.SMTP_USER || undefined,
      password: env.SMTP_PASSWORD || undefined,
      from: env.MAIL_FROM ?? 'Tezgah <no-reply@tezgah.local>',
    },
    tokenHours: Number(env.TEZGAH_TOKEN_HOURS ?? 24),
    rememberMeDays: Number(env.TEZGAH_REMEMBER_ME_DAYS ?? 30),
    throttle: {
      perAccount: Number(env.TEZGAH_THROTTLE_ACCOUNT ?? 5),
      perAddress: Number(env.TEZGAH_THROTTLE_ADDRESS ?? 30),
      windowSeconds: Number(env.TEZGAH_THROTTLE_WINDOW ?? 900),
      lockSeconds: Number(env.TEZGAH_THROTTLE_LOCK ?? 900),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimit: Number(env.TEZGAH_BODY_LIMIT ?? 1024 * 1024),
    upload: { fileSize: Number(env.TEZGAH_UPLOAD_FILE_LIMIT ?? 10 * 1024 * 1024), files: Number(env.TEZGAH_UPLOAD_FILES ?? 20) },
    backup: {
      dir: resolve(env.TEZGAH_BACKUP_DIR ?? `${dataDir}/backups`),
      keepDays: Number.isFinite(keepDays) && keepDays > 0 ? keepDays : 0,
    },
    readPath: env.TEZGAH_READ_PATH !== '0',
    prepare: env.TEZGAH_PREPARE !== '0',
    jobs: { work: env.TEZGAH_JOBS !== '0', pollSeconds: Math.max(0.5, Number(env.TEZGAH_JOB_POLL_SECONDS ?? 2) || 2) },
    env: { ...env },
  };
}
