/**
 * A table row that opens what it lists, like a shop's back office: the row's main link stays a
 * real link (the keyboard reaches it, a middle click or Ctrl+click opens a new tab, a screen reader
 * reads it), and a click anywhere else on the row follows it. A click on another control of the
 * row (a link, a button, a checkbox), or one that ends a text selection (she is copying an e-mail),
 * is left alone. The row names its link with `data-row-link`.
 */
import type { MouseEvent } from 'react';

const INTERACTIVE =
  'a[href], button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="checkbox"], [contenteditable="true"]';

function rowTarget(event: MouseEvent<HTMLElement>): HTMLAnchorElement | null {
  const row = event.currentTarget;
  const target = event.target;
  if (!(target instanceof Element) || !row.contains(target)) return null;
  const control = target.closest(INTERACTIVE);
  if (control && row.contains(control)) return null;
  if (typeof window.getSelection === 'function' && window.getSelection()?.toString()) return null;
  return row.querySelector<HTMLAnchorElement>('a[data-row-link]');
}

/** The row's `onClick`: follows its link, in a new tab with Ctrl or ⌘ as a link would. */
export function followRowLink(event: MouseEvent<HTMLElement>): void {
  if (event.defaultPrevented || event.button !== 0) return;
  const link = rowTarget(event);
  if (!link) return;
  if (event.ctrlKey || event.metaKey || event.shiftKey) {
    window.open(link.href, '_blank', 'noopener');
    return;
  }
  // The link's own click: the router's navigation, exactly as if she had clicked it.
  link.click();
}

/** The row's `onAuxClick`: a middle click opens the link in a new tab, as on the link itself. */
export function followRowLinkInNewTab(event: MouseEvent<HTMLElement>): void {
  if (event.defaultPrevented || event.button !== 1) return;
  const link = rowTarget(event);
  if (!link) return;
  event.preventDefault();
  window.open(link.href, '_blank', 'noopener');
}

/** What a clickable row spreads on its `<tr>`. */
export const rowLinkProps = {
  onClick: followRowLink,
  onAuxClick: followRowLinkInNewTab,
} as const;
