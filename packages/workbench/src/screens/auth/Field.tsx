import type { ReactNode } from 'react';
import { FormGroup, InputGroup } from '@blueprintjs/core';

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** The message shown at the field (intent danger); also the input's accessible description. */
  error?: string | null | undefined;
  /** A neutral note under the field when there is no error. */
  info?: ReactNode;
  labelInfo?: ReactNode;
  onBlur?(): void;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  maxLength?: number;
}

/** One labelled text field of an auth form, with its validation message at the field. */
export function Field(props: FieldProps) {
  const errorId = `${props.id}-error`;
  const invalid = !!props.error;
  return (
    <FormGroup
      label={props.label}
      labelFor={props.id}
      labelInfo={props.labelInfo}
      intent={invalid ? 'danger' : 'none'}
      helperText={invalid ? <span id={errorId}>{props.error}</span> : props.info}
    >
      <InputGroup
        id={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        onValueChange={(v) => props.onChange(v)}
        onBlur={props.onBlur}
        intent={invalid ? 'danger' : 'none'}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
      />
    </FormGroup>
  );
}
