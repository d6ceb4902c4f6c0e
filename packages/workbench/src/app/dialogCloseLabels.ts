import { useEffect } from 'react';
import { Classes } from '@blueprintjs/core';

/**
 * Blueprint's Dialog names its close button "Close" whatever the language: the label is fixed in
 * its code. Every dialog of every plugin is Blueprint's, so the workbench gives the button the
 * session language's words as dialogs open (a screen reader reads "Pencereyi kapat" in the
 * Turkish interface; not "Kapat", the name of many dialogs' own footer button) instead of each
 * plugin drawing a header of its own.
 */
export function useDialogCloseLabels(label: string): void {
  useEffect(() => {
    const selector = `.${Classes.DIALOG_CLOSE_BUTTON}`;
    const relabel = (root: Element | Document) => {
      const found = root instanceof Element && root.matches(selector) ? [root] : [...root.querySelectorAll(selector)];
      for (const b of found) if (b.getAttribute('aria-label') !== label) b.setAttribute('aria-label', label);
    };
    relabel(document);
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) relabel(n);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label]);
}
