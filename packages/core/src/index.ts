/**
 * @tezgah/core: domain rules shared by the server, the workbench, the CLI and plugins.
 * Runtime dependencies: mitt (the event bus) and decimal.js (the invoice computation).
 */
export * from './permissions';
export * from './authority';
export * from './identity';
export * from './format';
export * from './constants';
export * from './messages';
export * from './plugin';
export * from './events';
export * from './catalogue';
export * from './invoice';
