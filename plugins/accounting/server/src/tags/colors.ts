/** The nine tag colours of seeds §3, in the seeds' order (the UI's preset tag colour names). */
export const TAG_COLORS = ['blue', 'red', 'orange', 'green', 'magenta', 'purple', 'gold', 'lime', 'cyan'] as const;
export type TagColor = (typeof TAG_COLORS)[number];

/** The tags a new company starts with: a few everyday ones in different colours. */
export const DEFAULT_TAGS: readonly { name: string; color: TagColor }[] = [
  { name: 'Önemli', color: 'red' },
  { name: 'VIP', color: 'gold' },
  { name: 'Toptan', color: 'blue' },
  { name: 'Perakende', color: 'green' },
  { name: 'Takipte', color: 'orange' },
];
