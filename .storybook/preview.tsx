// Every story renders inside what the workbench gives its screens: Blueprint's styles and
// provider, the kernel's i18next instance (Turkish unless the toolbar says otherwise) and a
// router in memory (`parameters.route` sets its path). Stories that need a signed-in shell wrap
// themselves in <StoryHost> (packages/workbench/src/stories/StoryHost.tsx).
// Blueprint's CSS and the workbench's styles (imported from the workbench, whose dependencies they are).
import '../packages/workbench/src/stories/styles';
import type { Preview } from '@storybook/react-vite';
import { storyDecorators, storyGlobalTypes } from '../packages/workbench/src/stories/decorators';

const preview: Preview = {
  decorators: storyDecorators,
  globalTypes: storyGlobalTypes,
  initialGlobals: { locale: 'tr' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
};
export default preview;
