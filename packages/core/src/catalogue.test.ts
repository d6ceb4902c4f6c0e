import { describe, expect, it } from 'vitest';
import { MODULE_ACTIONS, moduleActions } from './catalogue';
import { ACTIONS, MODULES } from './permissions';

describe('module actions catalogue', () => {
  it('pairs only real modules with real actions, without repeats', () => {
    const moduleIds = new Set<number>(MODULES);
    const actionIds = new Set<number>(ACTIONS);
    for (const [m, actions] of Object.entries(MODULE_ACTIONS)) {
      expect(moduleIds.has(Number(m))).toBe(true);
      expect(new Set(actions).size).toBe(actions.length);
      for (const a of actions) expect(actionIds.has(a)).toBe(true);
    }
  });
  it('gives every business module at least view, and nothing to unknown modules', () => {
    expect(moduleActions(13)).toContain(1);
    expect(moduleActions(13)).toContain(38);
    expect(moduleActions(9999)).toEqual([]);
  });
});
