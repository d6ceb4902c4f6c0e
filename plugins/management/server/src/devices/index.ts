import type { ManagementArea } from '../area';

/** The devices area (issue 14). */
export const area: ManagementArea = {
  handlers: {},
};
