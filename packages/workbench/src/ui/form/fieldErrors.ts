/**
 * Field messages of a form, by field name (`firstName`, `invoicePrefix`, ...). A field without a
 * message is valid.
 */
export type FieldErrors = Partial<Record<string, string>>;

interface WithFieldErrors {
  fieldErrors?: unknown;
  problem?: { fieldErrors?: unknown };
}

/**
 * The server's field messages of a failed call as a {@link FieldErrors}: from a
 * `ValidationFailed`'s `fieldErrors`, or a `Conflict`'s problem (`LOGIN_TAKEN` on `login`).
 *
 * Field paths are the server's dotted ones; array positions are dropped (`roleIds.0` →
 * `roleIds`) and a nested path is also given under its last part (`user.login` → `login`), so a
 * form can look its fields up by their plain names. The first message of a field wins.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  const e = (error ?? {}) as WithFieldErrors;
  const list = Array.isArray(e.fieldErrors) ? e.fieldErrors : Array.isArray(e.problem?.fieldErrors) ? e.problem!.fieldErrors as unknown[] : [];
  const out: FieldErrors = {};
  for (const item of list) {
    const f = item as { field?: unknown; message?: unknown };
    if (typeof f.field !== 'string' || typeof f.message !== 'string') continue;
    const parts = f.field.split(/[./]/).filter((p) => p !== '' && !/^\d+$/.test(p));
    if (!parts.length) continue;
    const full = parts.join('.');
    out[full] ??= f.message;
    const last = parts[parts.length - 1]!;
    out[last] ??= f.message;
  }
  return out;
}

/**
 * Puts a failed save's field messages on the form's fields. Returns those that belong to
 * `fields`; when none does (a conflict without a field, a 403, a network failure), `otherwise`
 * gets the error (normally `shell.notify.failure`) and the result is empty.
 */
export function fieldErrorsFor(error: unknown, fields: readonly string[], otherwise: (error: unknown) => void): FieldErrors {
  const all = serverFieldErrors(error);
  const mine: FieldErrors = {};
  for (const f of fields) if (all[f] !== undefined) mine[f] = all[f];
  if (Object.keys(mine).length === 0) otherwise(error);
  return mine;
}

/** True when the form has no message. */
export function isValid(errors: FieldErrors): boolean {
  return Object.values(errors).every((m) => !m);
}
