/** `day` (YYYY-MM-DD) moved by `n` days, in the calendar (no time zone involved). */
export function addDaysTo(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
