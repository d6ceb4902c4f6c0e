/**
 * @tezgah/core: domain rules shared by the server, the workbench, the CLI and plugins.
 * Runtime dependency: mitt (the event bus). The invoice computation (decimal.js) is its own entry,
 * `@tezgah/core/invoice`, so screens that do not compute invoices (the sign-in page) do not load it.
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
export * from './datamatrix';
