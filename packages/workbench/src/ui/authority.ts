/**
 * Authorities as people read them: module and action names in the interface language, and the
 * modules only management staff may hold (the server refuses them from others).
 */
import { useTranslation } from 'react-i18next';
import { ACTION_LABELS_EN, ACTION_LABELS_TR, MODULE_LABELS_EN, MODULE_LABELS_TR, Module, type Action } from '@tezgah/core';

/** Modules only management staff may hold or hand out (the server refuses them from others). */
export const MANAGEMENT_MODULES: readonly number[] = [
  Module.MANAGEMENT, Module.MANAGEMENT_ERP, Module.SUPER_ADMIN, Module.ADMIN, Module.SUPPORT, Module.ERP_MANAGEMENT,
];

/** Module and action names in the interface language (Turkish, else English). */
export function useAuthorityLabels() {
  const { i18n } = useTranslation();
  const turkish = (i18n.language ?? 'tr').startsWith('tr');
  return {
    module: (m: number) => (turkish ? MODULE_LABELS_TR : MODULE_LABELS_EN)[m as Module] ?? String(m),
    action: (a: number) => (turkish ? ACTION_LABELS_TR : ACTION_LABELS_EN)[a as Action] ?? String(a),
  };
}
