// Storybook for the workbench's shell, shared components and every plugin's contributions.
// Stories sit beside their components as `*.stories.tsx`. Storybook itself is a devDependency of
// packages/workbench, so the framework is resolved from there (the root has no copy of it):
//   pnpm storybook          (dev server, port 6006)
//   pnpm build-storybook    (static build in dist/storybook/)
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const workbench = join(root, 'packages/workbench');
const require = createRequire(join(workbench, 'package.json'));
const pkg = (name: string) => dirname(require.resolve(`${name}/package.json`));

const config: StorybookConfig = {
  framework: { name: pkg('@storybook/react-vite') as '@storybook/react-vite', options: {} },
  stories: [
    '../packages/workbench/src/**/*.stories.tsx',
    '../plugins/*/web/src/**/*.stories.tsx',
    '../examples/*/src/**/*.stories.tsx',
  ],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  async viteFinal(vite) {
    const { tezgahPlugins } = await import('../packages/workbench/vite/discover.ts');
    const names = (vite.plugins ?? []).flat().map((p) => (p && typeof p === 'object' && 'name' in p ? p.name : ''));
    const extra = [];
    // The React plugin (JSX, fast refresh), unless a vite.config already brought it.
    if (!names.some((n) => n.startsWith('vite:react'))) {
      const { default: react } = await import(pathToFileURL(require.resolve('@vitejs/plugin-react')).href);
      extra.push(react());
    }
    // The virtual plugin list, so a story may render the workbench with every discovered plugin.
    if (!names.includes('tezgah-plugins')) extra.push(tezgahPlugins(root));
    return {
      ...vite,
      plugins: [...(vite.plugins ?? []), ...extra],
      build: { ...vite.build, chunkSizeWarningLimit: 4000 },
    };
  },
};
export default config;
