import type { PluginArea } from '@tezgah/server';

/**
 * One area of the management plugin: its handlers, jobs, sandbox routes (under /sandbox/management),
 * listeners, contributions and demo data. The plugin's index composes the areas with the kernel's
 * `pluginOfAreas`; an area talks to another only through the functions the other's index exports.
 */
export type ManagementArea = PluginArea;
