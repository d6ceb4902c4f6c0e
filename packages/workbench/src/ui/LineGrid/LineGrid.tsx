import type { CSSProperties, ReactNode } from 'react';

/**
 * The box around a form's grid of lines (an invoice's, order's or despatch's lines, the counter's
 * medicines, a dialog's table): when the lines are wider than the box — on a phone, or a laptop
 * with the menu open — they scroll sideways inside it, never the page. The box takes the width its
 * container gives and never asks for more (`contain: inline-size` in `.tz-line-grid`), so a wide
 * row can no longer stretch the card, the page and the shell around it; every control of a line
 * stays reachable by scrolling the box.
 */
export function LineGrid(props: { children: ReactNode; label?: string; className?: string; style?: CSSProperties }) {
  return (
    <div
      className={props.className ? `tz-line-grid ${props.className}` : 'tz-line-grid'}
      style={props.style}
      // Scrollable content is reachable by keyboard too (axe: scrollable-region-focusable) when it has a name.
      {...(props.label ? { role: 'region', 'aria-label': props.label, tabIndex: 0 } : {})}
    >
      {props.children}
    </div>
  );
}
