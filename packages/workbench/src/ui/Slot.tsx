import { Contribution } from '../host/Contribution';
import { useShell } from '../host/HostProvider';

/**
 * An extension slot a plugin opens on its screen (declared in its manifest's `slots.opens`): every
 * fill another plugin declares for `name` (`slots.fills` and `load.slots[name]`) is rendered here,
 * in plugin order, with `params` (e.g. the invoice's id and status on `accounting.invoice.actions`).
 * Nothing is rendered when no plugin fills it.
 */
export function Slot(props: { name: string; params?: Record<string, string> }) {
  const shell = useShell();
  const fills = shell.registry.slots.get(props.name) ?? [];
  return <>{fills.map((f) => <Contribution key={f.pluginId} load={f.load} params={props.params ?? {}} />)}</>;
}
