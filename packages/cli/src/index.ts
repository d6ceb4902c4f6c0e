/**
 * @tezgah/cli: the `tezgah` command line, and what plugins need to add commands to it.
 */
export { createProgram, runCli, describeApiError, builtinPlugins, type CreateProgramOptions } from './program';
export { registerCommands, unregisterCommands, registeredPlugins, orderPlugins, loadPluginModules, loadOutsideCliPlugins, outsideCliEntries, type OutsideCliEntry, type CliPlugin, type CliContext } from './plugins';
export { makeOutput, renderTable, renderKeyValues, formatDateTime, cell, type Output, type Column } from './output';
export { ExitCode, UsageError, NotSignedInError, CommandFailed } from './errors';
export { LANGS, DEFAULT_LANG, WORDS, langOf, localeLang, resolveLang, formatCount, formatPercent, formatSeconds, countsLine, sayIn, type Lang, type Texts, type Words } from './i18n';
export { progressReporter, pagingProgress, NO_PROGRESS, type Progress, type ProgressOptions } from './progress';
export { retryingFetch, isRepeatable, networkReason, RETRY_DELAYS_MS, type RetryEvent, type RetryOptions } from './retry';
export { ProfileStore, configDir, PROFILE_FILE, type Profile } from './profile';
export { processIo, type CliIo, type WritableLike, type ReadableLike } from './io';
export { addPagingOptions, pageQuery, pageFooter, integer, id, ids, type PagingOptions } from './options';
export { Prompter, readHidden, readAll } from './prompt';
