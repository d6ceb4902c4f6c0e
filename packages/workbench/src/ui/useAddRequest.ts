import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The sub-bar's Add button opens `<page>?new=1` when the menu entry names no route of its own.
 * This hook tells a page that it was asked to add, and `done()` drops the query again (so the
 * next press opens the form anew).
 *
 * ```tsx
 * const [addRequested, addHandled] = useAddRequest();
 * useEffect(() => { if (addRequested) { openCreate(); addHandled(); } }, [addRequested]);
 * ```
 */
export function useAddRequest(): [requested: boolean, done: () => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('new') === '1';
  const done = useCallback(() => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('new');
      return next;
    }, { replace: true });
  }, [setParams]);
  return [requested, done];
}
