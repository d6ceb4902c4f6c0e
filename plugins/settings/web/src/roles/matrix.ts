/**
 * The roles screen's modules × actions matrix, as data: which rows and columns it has, which
 * cells exist (MODULE_ACTIONS pairs a module with the actions it offers), and the set of ticked
 * authority codes (`moduleId_actionId`).
 */
import { authorityCode, MODULE_ACTIONS, parseAuthorityCode } from '@tezgah/core';
import { MANAGEMENT_MODULES } from '@tezgah/workbench/ui';

/** Modules only management staff may hold or hand out (the UI kit's list, shared with the company form). */
export { MANAGEMENT_MODULES };

/**
 * The matrix rows, ascending: every business module; the management modules too for a management
 * user; and any module a role already holds (so a fixed management role still shows its codes).
 */
export function matrixModules(opts: { management: boolean; held?: readonly string[] }): number[] {
  const heldModules = new Set((opts.held ?? []).map((c) => parseAuthorityCode(c)?.module).filter((m): m is number => m !== undefined));
  return Object.keys(MODULE_ACTIONS)
    .map(Number)
    .filter((m) => opts.management || !MANAGEMENT_MODULES.includes(m) || heldModules.has(m))
    .sort((a, b) => a - b);
}

/** The matrix columns: every action some row offers, ascending. */
export function matrixActions(modules: readonly number[]): number[] {
  const all = new Set<number>();
  for (const m of modules) for (const a of MODULE_ACTIONS[m] ?? []) all.add(a);
  return [...all].sort((a, b) => a - b);
}

/** True when the module offers the action: the matrix has a checkbox there. */
export function hasCell(module: number, action: number): boolean {
  return (MODULE_ACTIONS[module] ?? []).includes(action);
}

/** The codes of a row (all actions the module offers). */
export function rowCodes(module: number): string[] {
  return (MODULE_ACTIONS[module] ?? []).map((a) => authorityCode(module, a));
}

/** The codes of a column (the action on every row that offers it). */
export function columnCodes(modules: readonly number[], action: number): string[] {
  return modules.filter((m) => hasCell(m, action)).map((m) => authorityCode(m, action));
}

/** Whether all, some or none of `codes` are ticked. */
export function coverage(ticked: ReadonlySet<string>, codes: readonly string[]): 'all' | 'some' | 'none' {
  const n = codes.filter((c) => ticked.has(c)).length;
  return n === 0 ? 'none' : n === codes.length ? 'all' : 'some';
}

/** `ticked` with `codes` all added (on) or all removed (off). */
export function setAll(ticked: ReadonlySet<string>, codes: readonly string[], on: boolean): Set<string> {
  const next = new Set(ticked);
  for (const c of codes) {
    if (on) next.add(c);
    else next.delete(c);
  }
  return next;
}

/** The ticked codes in matrix order (module, then action, numerically): what the role saves. */
export function sortedCodes(ticked: Iterable<string>): string[] {
  return [...ticked]
    .map((c) => ({ c, p: parseAuthorityCode(c) }))
    .sort((x, y) => (x.p?.module ?? 0) - (y.p?.module ?? 0) || (x.p?.action ?? 0) - (y.p?.action ?? 0))
    .map((x) => x.c);
}
