/**
 * Keeps the published types true to the server (not part of the package: the build takes
 * src/index.ts only). What the server passes must fit what a plugin is typed against, and a
 * plugin typed against these must be one the server takes; the type check (`tsc`) fails here when
 * either side changes a shape the other relies on.
 */
import type * as Kernel from '@tezgah/server';
import type * as Public from './index';

type Fits<A, B> = [A] extends [B] ? true : false;
const assert = <T extends true>(_: T) => undefined;

// What the server hands a plugin fits the plugin's view of it.
assert<Fits<Kernel.RequestContext, Public.RequestContext>>(true);
assert<Fits<Kernel.Services, Public.Services>>(true);
assert<Fits<Kernel.Auth, Public.Auth>>(true);
assert<Fits<Kernel.ServerEvent, Public.ServerEvent>>(true);
assert<Fits<Kernel.DemoTenant, Public.DemoTenant>>(true);
assert<Fits<Kernel.UploadedFile, Public.UploadedFile>>(true);
assert<Fits<Kernel.Job, Public.Job>>(true);
// A plugin written against the public types is a plugin the server takes.
assert<Fits<Public.ServerPlugin, Kernel.ServerPlugin>>(true);
assert<Fits<Public.MigrationSource, Kernel.MigrationSource>>(true);
assert<Fits<Public.JobDefinition, Kernel.JobDefinition>>(true);
