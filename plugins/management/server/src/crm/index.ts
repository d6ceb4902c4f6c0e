import type { ManagementArea } from '../area';

/** The crm area (issue 14). */
export const area: ManagementArea = {
  handlers: {},
};
