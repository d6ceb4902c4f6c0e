/**
 * The workbench's typed event bus: one event map for every plugin, so plugins react to each other
 * without importing each other. Names read `<plugin>.<entity>.<pastTense>`; the shell emits the
 * `shell.*` events, plugins emit `entity.*` after the server has confirmed the change.
 */
import mitt, { type Emitter } from 'mitt';

/** A change to a record, as plugins announce it. */
export interface EntityEvent {
  /** The plugin that owns the entity, e.g. "accounting". */
  plugin: string;
  /** The entity kind, e.g. "product", "role", "user". */
  entity: string;
  /** The record's id. */
  id: number | string;
  /** The record as the server answered it, when the emitter has it. */
  record?: unknown;
}

// A type alias, not an interface: mitt needs an implicit index signature.
export type TezgahEvents = {
  /** The user switched company; the shell reloads what depends on it. */
  'shell.company.switched': { from: number | null; to: number };
  /** The signed-in identity changed (sign-in, impersonation, exit from impersonation). */
  'shell.session.changed': { login: string | null; impersonating: boolean };
  /** The user signed out. */
  'shell.session.ended': { reason: 'logout' | 'expired' };
  /** The theme or language changed. */
  'shell.settings.changed': { theme?: string; language?: string };
  'entity.created': EntityEvent;
  'entity.updated': EntityEvent;
  'entity.deleted': EntityEvent;
};

export type TezgahBus = Emitter<TezgahEvents>;

/** A new, empty bus (the workbench makes one per page; tests make their own). */
export function createBus(): TezgahBus {
  return mitt<TezgahEvents>();
}
