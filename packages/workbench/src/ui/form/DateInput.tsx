import { useEffect, useState } from 'react';
import { InputGroup, type Intent } from '@blueprintjs/core';
import { formatDate } from '@tezgah/core';

/** "DD/MM/YYYY" typed → "YYYY-MM-DD", or null when it is not a whole, real date. */
export function readDisplayDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const d = new Date(Number(yyyy), Number(mm) - 1, Number(dd));
  if (d.getFullYear() !== Number(yyyy) || d.getMonth() !== Number(mm) - 1 || d.getDate() !== Number(dd)) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** Digits typed so far, shaped as DD/MM/YYYY (the slashes come by themselves). */
export function maskDisplayDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const shown = (value: string) => (ISO.test(value) ? formatDate(value) : value);

export interface DateInputProps {
  id: string;
  /** "YYYY-MM-DD", "" for none; anything else is text being typed and is shown as it is. */
  value: string;
  /** Called with "YYYY-MM-DD" once the text is a whole date, "" when emptied, else with the text itself (not a date: forms refuse it). */
  onValueChange: (value: string) => void;
  readOnly?: boolean;
  disabled?: boolean;
  intent?: Intent;
  /** Latest date allowed, "YYYY-MM-DD": a later one is shown as invalid. */
  max?: string;
  autoFocus?: boolean;
  /** Set by `Field`: the message or hint, and the field's state. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

/**
 * A date field that reads and writes DD/MM/YYYY whatever the browser's locale (seeds §5: the
 * display format), unlike `<input type="date">`, which follows the browser (mm/dd/yyyy in
 * en-US). The form keeps ISO dates; the field converts both ways.
 */
export function DateInput(props: DateInputProps) {
  const [text, setText] = useState(shown(props.value));
  useEffect(() => {
    // A value set from outside (a reset, a preset) replaces what is shown.
    if (props.value !== (readDisplayDate(text) ?? text)) setText(shown(props.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value]);
  const iso = readDisplayDate(text);
  const invalid = text !== '' && (iso === null || (props.max !== undefined && iso > props.max));
  return (
    <InputGroup
      id={props.id}
      type="text"
      inputMode="numeric"
      placeholder="GG/AA/YYYY"
      autoComplete="off"
      value={text}
      readOnly={props.readOnly}
      disabled={props.disabled}
      autoFocus={props.autoFocus}
      aria-describedby={props['aria-describedby']}
      aria-required={props['aria-required']}
      aria-invalid={invalid || props['aria-invalid'] || undefined}
      intent={props.intent && props.intent !== 'none' ? props.intent : invalid && text.length === 10 ? 'danger' : 'none'}
      onValueChange={(typed) => {
        const next = maskDisplayDate(typed);
        setText(next);
        props.onValueChange(next === '' ? '' : readDisplayDate(next) ?? next);
      }}
    />
  );
}
