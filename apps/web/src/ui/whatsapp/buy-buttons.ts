/**
 * The buttons that sell or take payment and span a phone's width (the product page's
 * 'Adicionar ao Carrinho' and 'Comprar pelo WhatsApp', the 'Adicionar' of its 'Complete o
 * Look', her order's 'Pagar agora'): their box carries BUY_BUTTONS_ATTRIBUTE, and
 * BUY_BUTTONS_OFFSCREEN while none of it is on the screen. Below the desktop layout the floating
 * 'Fale conosco no WhatsApp' shows only then (WhatsappFloat's CSS), so it never sits over one of
 * them. Before the page's code runs the box is not marked: the floating button waits hidden.
 */
export const BUY_BUTTONS_ATTRIBUTE = 'data-whatsapp-compra';
export const BUY_BUTTONS_OFFSCREEN = 'data-fora-da-tela';

/** The box's ref: marks it while it is off the screen. */
export function markWhileOffscreen(element: HTMLElement | null) {
  if (!element || typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(([entry]) =>
    element.toggleAttribute(BUY_BUTTONS_OFFSCREEN, !entry?.isIntersecting),
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    element.removeAttribute(BUY_BUTTONS_OFFSCREEN);
  };
}
