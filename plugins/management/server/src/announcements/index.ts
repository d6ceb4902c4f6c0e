import type { ManagementArea } from '../area';

/** The announcements area (issue 14). */
export const area: ManagementArea = {
  handlers: {},
};
