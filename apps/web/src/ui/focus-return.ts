import { useReducer, useRef } from 'react';

/**
 * Focus goes back where it was when a dialog or drawer closes (WCAG 2.4.3). Radix Dialog gives it
 * back to its Dialog.Trigger only, and ours open from plain buttons, from the address
 * ('?openCart=true', '?login=true'), after a request ends (the add-to-cart popup) or from another
 * dialog (the popup's 'Finalizar Compra' opens the cart). So each one remembers what had focus
 * when it opened and, on closing, focuses the first of these still on the page: that element;
 * the dialog it was in, while that one stays open; where that dialog would have gone back to; the
 * caller's fallback; the page's <main>. Never <body>, where a keyboard user starts over.
 */
interface ReturnPoint {
  opener: HTMLElement | null;
  /** The open dialog the opener was in (its content) and where that one goes back to. */
  within: { content: HTMLElement; point: ReturnPoint } | null;
}

/** Every open dialog's content and where its focus goes back to. */
const openDialogs = new Map<HTMLElement, ReturnPoint>();

function returnPointNow(): ReturnPoint {
  const active = document.activeElement;
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  let within: ReturnPoint['within'] = null;
  for (const [content, point] of openDialogs) {
    if (opener && content.contains(opener)) within = { content, point };
    // Opened by a dialog that is already gone from the page (the popup's 'Finalizar Compra'
    // closes the popup and opens the cart; the popup can finish leaving first, taking the focused
    // button with it, before its own close has run): go back where that one would have.
    if (!opener && !content.isConnected) within = { content, point };
  }
  return { opener, within };
}

/** Focuses the element if it is on the page and can take focus; says whether it did. */
function tryFocus(element: HTMLElement | null | undefined, preventScroll = false): boolean {
  if (!element?.isConnected) return false;
  element.focus({ preventScroll });
  return document.activeElement === element;
}

function goBack(point: ReturnPoint): boolean {
  if (tryFocus(point.opener)) return true;
  if (!point.within) return false;
  if (openDialogs.has(point.within.content) && tryFocus(point.within.content)) return true;
  return goBack(point.within.point);
}

/**
 * Props for a Radix `Dialog.Content`: `onOpenAutoFocus` remembers the opener (it runs before
 * Radix moves focus in), `onCloseAutoFocus` gives focus back once the content is gone.
 * `fallback` names the natural home of the dialog (the header's cart button for the cart) for
 * when nothing it remembered is left.
 */
export function useFocusReturn(fallback?: () => HTMLElement | null) {
  const content = useRef<HTMLElement | null>(null);
  // Radix's DismissableLayer (1.2, radix-ui/primitives#4143) takes Escape as the top layer only
  // from its next render after opening; until then the dialog below (the cart under its removal
  // question) has it. Opening is the moment to render again.
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);

  return {
    onOpenAutoFocus(event: Event) {
      content.current = event.currentTarget as HTMLElement;
      openDialogs.set(content.current, returnPointNow());
      renderAgain();
    },
    onCloseAutoFocus(event: Event) {
      event.preventDefault();
      const closing = content.current ?? (event.currentTarget as HTMLElement);
      const point = openDialogs.get(closing) ?? { opener: null, within: null };
      openDialogs.delete(closing);
      // Another dialog opened from this one (the cart from the popup) holds focus: leave it there.
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected && !closing.contains(active)) {
        return;
      }
      if (goBack(point)) return;
      if (tryFocus(fallback?.())) return;
      tryFocus(document.querySelector<HTMLElement>('main'), true);
    },
  };
}
