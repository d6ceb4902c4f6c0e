import { Contribution } from '../host/Contribution';
import { useShell } from '../host/HostProvider';

/**
 * An extension slot a plugin opens on its screen (declared in its manifest's `slots.opens`): every
 * fill another plugin declares for `name` (`slots.fills` and `load.slots[name]`) is rendered here,
 * in plugin order, with `params` (e.g. the invoice's id and status on `accounting.invoice.actions`).
 * Nothing is rendered when no plugin fills it. A slot that collects a value from its fills passes
 * `onValue`, which each fill receives and calls with its current value (the return dialog's
 * `accounting.invoice.returnLine`: the boxes a returned line names).
 */
export function Slot(props: { name: string; params?: Record<string, string>; onValue?: (value: unknown) => void }) {
  const shell = useShell();
  const fills = shell.registry.slots.get(props.name) ?? [];
  return <>{fills.map((f) => <Contribution key={f.pluginId} load={f.load} params={props.params ?? {}} {...(props.onValue ? { onValue: props.onValue } : {})} />)}</>;
}

/** Whether any plugin fills the slot `name` (a screen leaves out the room it would take otherwise). */
export function useSlotFilled(name: string): boolean {
  return (useShell().registry.slots.get(name) ?? []).length > 0;
}
