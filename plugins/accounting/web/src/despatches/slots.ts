/**
 * The slot other plugins fill with actions on a despatch's page (the e-document plugin's
 * "e-İrsaliye"): each fill is rendered beside the page's own actions with params `despatchId`,
 * `direction` (IN | OUT), `status` (ACTIVE | CANCELLED) and `waybillNo` (empty when none).
 */
export const DESPATCH_ACTIONS_SLOT = 'accounting.despatch.actions';
