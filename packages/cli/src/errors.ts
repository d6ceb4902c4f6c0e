/**
 * Exit codes of `tezgah`, the same for every command and plugin:
 *
 * | code | meaning |
 * |---|---|
 * | 0 | all done |
 * | 1 | done, but some rows (documents) were skipped; each is named |
 * | 2 | invalid input: the command line, the file, rows with problems (a dry run that finds any too), or a request the server refused as invalid or conflicting (HTTP 400, 409, 413, 422) |
 * | 3 | the server failed or refused (not signed in, no authority, 5xx) or could not be reached |
 */
export const ExitCode = {
  /** All done. */
  OK: 0,
  /** Done, but some rows or documents were skipped (each named on stdout or in the JSON). */
  SKIPPED: 1,
  /** Invalid input: the command line, the file or its rows, or a request the server found invalid. */
  INVALID: 2,
  /** The server failed, refused the session or the authority, or could not be reached. */
  FAILED: 3,
  /** @deprecated a usage error is invalid input: use {@link ExitCode.INVALID}. */
  USAGE: 2,
  /** @deprecated an API failure is {@link ExitCode.FAILED}. */
  API: 3,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A mistake on the command line that commander itself cannot see (exit 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** No profile with a token: the user has to sign in first (exit 3). */
export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  /** Without a message: the run's language says it ("not signed in: run tezgah login"). */
  constructor(message?: string) {
    super(message ?? 'not signed in: run tezgah login');
    this.defaultMessage = message === undefined;
  }
  /** Whether the message is the default one (then it is printed in the run's language). */
  readonly defaultMessage: boolean;
}

/**
 * A command that ends with a given exit code and a line on stderr (`warning: …` for 1,
 * `error: …` for 2 and 3, in the run's language); the message is already in that language.
 * An empty message prints nothing (the command said it all on stdout).
 */
export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
  constructor(
    readonly exitCode: 1 | 2 | 3,
    message: string,
  ) {
    super(message);
  }
}
