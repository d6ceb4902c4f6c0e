import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { FormGroup } from '@blueprintjs/core';

export interface FieldProps {
  /** The control's id; the label points at it and the message ids derive from it. */
  id: string;
  label: ReactNode;
  /** The field's message; shown under the control in red, and the control is marked invalid. */
  error?: string | null | undefined;
  /** A rule or hint shown under the control while there is no error (e.g. "exactly 7 characters"). */
  hint?: ReactNode;
  /** Marks the label with an asterisk and the control with `aria-required`. @default false */
  required?: boolean;
  /** Label beside the control instead of above it. @default false */
  inline?: boolean;
  className?: string;
  /**
   * Adds `aria-invalid`, `aria-required` and `aria-describedby` (the message or hint) to the
   * child. Turn off for a child that does not pass such props to its control (a group of checkboxes).
   * @default true
   */
  describeChild?: boolean;
  children: ReactNode;
}

/** The id of a field's message or hint element (what its control's `aria-describedby` names). */
export const fieldHelpId = (id: string) => `${id}-help`;

/**
 * A labelled form field (Blueprint FormGroup) that shows its validation message at the field.
 *
 * ```tsx
 * <Field id="user-email" label={t('email')} required error={errors.email}>
 *   <InputGroup id="user-email" value={email} onValueChange={setEmail} />
 * </Field>
 * ```
 */
export function Field(props: FieldProps) {
  const help = props.error || props.hint;
  const helpId = fieldHelpId(props.id);
  let child = props.children;
  if ((props.describeChild ?? true) && isValidElement(child)) {
    const extra: Record<string, unknown> = {};
    if (props.error) extra['aria-invalid'] = true;
    if (props.required) extra['aria-required'] = true;
    if (help) extra['aria-describedby'] = helpId;
    child = cloneElement(child as ReactElement<Record<string, unknown>>, extra);
  }
  return (
    <FormGroup
      className={props.className}
      label={props.label}
      labelFor={props.id}
      labelInfo={props.required ? <span aria-hidden="true">*</span> : undefined}
      inline={props.inline}
      intent={props.error ? 'danger' : 'none'}
      helperText={help ? <span id={helpId}>{help}</span> : undefined}
    >
      {child}
    </FormGroup>
  );
}
