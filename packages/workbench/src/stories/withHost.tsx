import type { Decorator } from '@storybook/react-vite';
import { useShell } from '../host/HostProvider';
import { LayoutProvider } from '../shell/layout';
import { StoryHost, type StoryHostProps } from './StoryHost';
import { demoPlugin } from './demo/demoPlugin';

/** The shell's theme on a frame, so themed parts look as they do in the main layout. */
function Themed(props: { children: React.ReactNode; padded?: boolean; inline?: boolean }) {
  const shell = useShell();
  return (
    <div className="tz-main" data-theme={shell.theme} style={{ minHeight: 0 }}>
      <LayoutProvider>
        {props.inline ? (
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 8, padding: 16 }}>{props.children}</div>
        ) : props.padded ? (
          <div style={{ padding: 16 }}>{props.children}</div>
        ) : (
          props.children
        )}
      </LayoutProvider>
    </div>
  );
}

/**
 * A decorator: the story inside a signed-in <StoryHost> (the demo plugin registered unless
 * `plugins` says otherwise), on a frame in the shell's theme; `padded` adds a margin, `inline`
 * lays small parts (buttons with dropdowns) in a row.
 */
export function withHost(props: Omit<StoryHostProps, 'children'> & { padded?: boolean; inline?: boolean } = {}): Decorator {
  const { padded, inline, ...host } = props;
  return (Story) => (
    <StoryHost plugins={[demoPlugin]} {...host}>
      <Themed padded={padded} inline={inline}>
        <Story />
      </Themed>
    </StoryHost>
  );
}
