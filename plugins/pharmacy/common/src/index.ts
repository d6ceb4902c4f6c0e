/**
 * @tezgah/pharmacy-common: what the pharmacy plugin's server and workbench parts share. Each area
 * keeps its own file; this index only re-exports them.
 */
export * from './recete';
export * from './boxes';
export * from './medula';
export * from './tracking';
export * from './medicines';
export * from './share';
export * from './emanet';
export * from './titck-file';
