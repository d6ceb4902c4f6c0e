import type { WorkbenchHost } from '@tezgah/core';
import plugin from './index.js';

/** The plugin's own texts in the host's language (it needs no i18n library of its own). */
export function text(host: WorkbenchHost, key: string, vars: Record<string, string | number> = {}): string {
  const messages = plugin.messages as Record<string, Record<string, string>>;
  const table = messages[host.language] ?? messages.tr ?? {};
  return (table[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}
