export { createServer, prepareDatabase, builtInPlugins, kernelPlugin, KERNEL_MIGRATIONS } from './server';
export type { RunningServer } from './server';
export { loadConfig, type Config } from './config';
export { Problem, problems } from './kernel/problem';
export type { Handler, RequestContext, ServerPlugin, Services, Auth } from './kernel/types';
export { pageRequest, pageResult, likePattern } from './kernel/paging';
