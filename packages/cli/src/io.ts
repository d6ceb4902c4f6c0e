/**
 * Everything the CLI touches outside itself, so that tests can run it in-process with fakes.
 */
import type { FetchLike } from '@tezgah/sdk';

/** A stream the CLI writes to. */
export interface WritableLike {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** The standard input: a Node readable stream, possibly a TTY. */
export type ReadableLike = NodeJS.ReadableStream & {
  readonly isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
};

/** The CLI's view of the world. */
export interface CliIo {
  readonly stdout: WritableLike;
  readonly stderr: WritableLike;
  readonly stdin: ReadableLike;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** @default globalThis.fetch */
  readonly fetch?: FetchLike | undefined;
  /** Waits between retries of a request. @default setTimeout */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** The real process: process.stdout/stderr/stdin/env and the global fetch. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}

/** Fills what a partial io leaves out from the process. */
export function resolveIo(io: Partial<CliIo> = {}): CliIo {
  const base = processIo();
  return {
    stdout: io.stdout ?? base.stdout,
    stderr: io.stderr ?? base.stderr,
    stdin: io.stdin ?? base.stdin,
    env: io.env ?? base.env,
    fetch: io.fetch,
    sleep: io.sleep,
  };
}
