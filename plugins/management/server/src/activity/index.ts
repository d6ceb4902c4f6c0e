import type { ManagementArea } from '../area';

/** The activity area (issue 14). */
export const area: ManagementArea = {
  handlers: {},
};
