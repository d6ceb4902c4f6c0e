import type { ColumnType, Generated } from 'kysely';

type Day = ColumnType<string, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Agenda notes and the due-reminder setting (migration 20261125011000-agenda.sql). */
export interface Tables {
  agenda_notes: {
    company_id: number; id: Generated<number>; note_date: Day; title: string; description: string | null; start_at: Stamp | null; end_at: Stamp | null;
    active: ColumnType<boolean, boolean | undefined, boolean>; user_id: number; user_login: string; created_at: ColumnType<Date, never, never>; updated_at: Stamp | null;
  };
  due_reminder_settings: {
    company_id: number; enabled: ColumnType<boolean, boolean | undefined, boolean>; email: string | null; last_sent_on: Day | null; updated_at: Stamp;
  };
}
