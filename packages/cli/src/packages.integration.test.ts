/**
 * The public packages as a third party gets them: scripts/check-packages.mjs packs @tezgah/core,
 * @tezgah/sdk, @tezgah/cli and @tezgah/plugin-server, installs the tarballs with npm in an empty
 * folder outside the workspace, runs the installed `tezgah --version`, imports pluginProblem from
 * the installed @tezgah/plugin-server, and runs a script there that signs in to a test server,
 * lists current accounts and creates an invoice in both façades of the SDK, with its typed errors.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('the packed packages, installed outside the workspace', () => {
  it('install, answer --version and work against a server in both façades', () => {
    const r = spawnSync(process.execPath, ['scripts/check-packages.mjs'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/@tezgah\/plugin-server: ServerPlugin declared, no private import/);
    expect(r.stdout).toMatch(/plugin-server: pluginProblem answers a 409 TezgahProblem/);
    expect(r.stdout).toMatch(/tezgah --version: \d+\.\d+\.\d+/);
    expect(r.stdout).toMatch(/consumer: \d+ currents, invoices \d+ and \d+ created, typed errors ok/);
    expect(r.stdout).toMatch(/packages ok/);
  }, 600_000);
});
