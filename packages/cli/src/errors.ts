/** Exit codes of `tezgah`. */
export const ExitCode = {
  /** Done. */
  OK: 0,
  /** The command line was wrong (unknown command or option, a missing or bad value). */
  USAGE: 1,
  /** The API answered with an error, could not be reached, or there is no signed-in profile. */
  API: 2,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A mistake on the command line that commander itself cannot see (exit 1). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** No profile with a token: the user has to sign in first (exit 2). */
export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor(message = 'not signed in: run tezgah login') {
    super(message);
  }
}
