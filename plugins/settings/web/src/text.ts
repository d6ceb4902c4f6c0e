/** A translation function as the validators take it (i18next's `t`, or a stub in unit tests). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Trimmed length check used by every form: a message when `value` is longer than `max`. */
export function tooLong(value: string, max: number, t: Translate): string | undefined {
  return value.trim().length > max ? t('validation.maxLength', { max }) : undefined;
}

/** The API's phone rule (UserCreate.phone, CompanyFields.phone): digits, spaces and ( ) + -, at most 20. */
export const PHONE_PATTERN = /^[0-9 ()+-]*$/;

export function phoneError(value: string, t: Translate): string | undefined {
  const v = value.trim();
  return v && (!PHONE_PATTERN.test(v) || v.length > 20) ? t('validation.phone') : undefined;
}
