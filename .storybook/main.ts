// Storybook for the workbench's shared components and each plugin's contributions.
// Storybook itself is added with the workbench shell (packages/workbench); stories sit beside
// their components as `*.stories.tsx`.
const config = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../packages/workbench/src/**/*.stories.tsx', '../plugins/*/web/src/**/*.stories.tsx'],
};
export default config;
