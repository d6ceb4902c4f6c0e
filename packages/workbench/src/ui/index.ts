/**
 * The workbench's shared UI kit for built-in plugins (import from '@tezgah/workbench/ui'):
 * hooks into the host and the components every screen uses.
 */
export { useHost, useShell } from '../host/HostProvider';
export { Loading } from '../host/Contribution';
