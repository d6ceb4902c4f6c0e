/**
 * One rule for every string a request carries (body at any depth, query, path parameters, and
 * object keys): no control characters other than tab, CR and LF, and no lone UTF-16 surrogates.
 * PostgreSQL refuses NUL in text (a 500 before this rule); the other controls are never meant
 * as data; a lone surrogate would be stored silently as U+FFFD, changing what the caller sent.
 */
import { PROBLEM_TEXTS, problems, type FieldError } from './problem';

/** U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+007F. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Turkish here; PROBLEM_TEXTS gives the English for an English caller. */
export const CONTROL_CHARACTER_MESSAGE = PROBLEM_TEXTS.CONTROL_CHARACTER!.message!.tr;
export const LONE_SURROGATE_MESSAGE = PROBLEM_TEXTS.LONE_SURROGATE!.message!.tr;
/** More are not useful to a caller and would only make a hostile body costlier to answer. */
const MAX_ERRORS = 20;

function flaw(s: string): FieldError['code'] | null {
  if (CONTROL.test(s)) return 'CONTROL_CHARACTER';
  if (LONE_SURROGATE.test(s)) return 'LONE_SURROGATE';
  return null;
}

/** A key as it may appear in a field path: its bad characters written as \uXXXX. */
function printable(key: string): string {
  return key.replace(/[\u0000-\u001F\u007F]|[\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The field errors for every bad string in `value`, with dotted paths under `base` (`name`,
 * `lines.0.note`). Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function controlCharacterErrors(value: unknown, base = ''): FieldError[] {
  const errors: FieldError[] = [];
  const stack: [unknown, string][] = [[value, base]];
  while (stack.length && errors.length < MAX_ERRORS) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const code = flaw(v);
      if (code) errors.push({ field: path, message: code === 'CONTROL_CHARACTER' ? CONTROL_CHARACTER_MESSAGE : LONE_SURROGATE_MESSAGE, code });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        const field = path ? `${path}.${printable(k)}` : printable(k);
        const code = flaw(k);
        if (code) errors.push({ field, message: code === 'CONTROL_CHARACTER' ? CONTROL_CHARACTER_MESSAGE : LONE_SURROGATE_MESSAGE, code });
        stack.push([child, field]);
      }
    }
  }
  return errors;
}

/**
 * The kernel's check, run before validation on every contract route: throws a 400 problem naming
 * each bad field. Path and query parameters are named by their own names, body fields by their path.
 */
export function refuseControlCharacters(request: { params?: unknown; query?: unknown; body?: unknown }): void {
  const errors = [
    ...controlCharacterErrors(request.params),
    ...controlCharacterErrors(request.query),
    ...controlCharacterErrors(request.body),
  ].slice(0, MAX_ERRORS);
  if (errors.length) {
    throw problems.badRequest(errors.map((e) => `${e.field || 'body'}: ${e.message}`).join('; '), errors);
  }
}
