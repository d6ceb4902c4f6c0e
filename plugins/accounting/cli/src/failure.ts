import { NotSignedInError } from '@tezgah/cli';

/**
 * An import that was refused (bad rows, or rows the server refused): `tezgah` prints the message
 * on stderr and exits 2. The CLI kernel maps exactly two error classes to exit 2, the SDK's API
 * errors and NotSignedInError; this one extends the latter only to reach that exit code, and is
 * never about signing in.
 */
export class ImportFailed extends NotSignedInError {
  constructor(message: string) {
    super(`error: ${message}`);
  }
}
