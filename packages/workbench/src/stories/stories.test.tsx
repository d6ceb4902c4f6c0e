import { act, render, waitFor } from '@testing-library/react';
import { composeStories, type composeStory } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordToasts } from '../../test/render';
import { storyDecorators, storyI18n } from './decorators';

/**
 * Every story of the workbench, the plugins and the examples renders: this keeps stories from
 * rotting when the components they show change. Each is rendered with the preview's decorators
 * (Blueprint, i18n, router) and must show some content without a contribution failing.
 */
type StoryModule = Record<string, unknown> & { default: { title?: string } };
const modules = {
  ...import.meta.glob<StoryModule>('../**/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../../../../plugins/*/web/src/**/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../../../../examples/*/src/**/*.stories.tsx', { eager: true }),
};

beforeAll(async () => { await storyI18n('tr'); });
afterEach(() => vi.restoreAllMocks());

describe('stories', () => {
  it('finds the stories', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(0);
  });
  for (const [file, mod] of Object.entries(modules)) {
    const stories = Object.entries(composeStories(mod, { decorators: storyDecorators })) as [string, ReturnType<typeof composeStory>][];
    describe(file.replace(/^(\.\.\/)+/, ''), () => {
      for (const [name, Story] of stories) {
        it(`${name} renders`, async () => {
          recordToasts();
          const errors: unknown[][] = [];
          const original = console.error;
          vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
            if (String(args[0]).includes('[tezgah]') || args.some((a) => a instanceof Error)) errors.push(args);
            else original(...args);
          });
          let container!: HTMLElement;
          await act(async () => { ({ container } = render(<Story />)); });
          // The session, i18n and every lazy contribution have loaded ...
          await waitFor(() => expect(document.body.querySelector('.tz-story-pending, .tz-loading')).toBeNull(), { timeout: 5000 });
          await Story.play?.({ canvasElement: container });
          // ... and the story shows something: text, or a named control (icon buttons), in the
          // canvas or in an overlay it opened.
          await waitFor(() => {
            const text = document.body.textContent?.trim() ?? '';
            expect(text !== '' || document.body.querySelector('[aria-label]') !== null).toBe(true);
          });
          expect(document.body.textContent).not.toContain('Bu bölüm yüklenemedi.');
          expect(errors).toEqual([]);
        });
      }
    });
  }
});
