#!/usr/bin/env node
// `tezgah` in the monorepo: runs the TypeScript source through tsx (a root devDependency).
// The published package's bin is dist/main.js (publishConfig.bin); this file falls back to it
// when the sources are not there.
import { existsSync } from 'node:fs';

const source = new URL('../src/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/main.js', import.meta.url).href);
}
