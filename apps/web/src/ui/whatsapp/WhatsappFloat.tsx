import { WHATSAPP_CONTACT_LABEL, whatsappGreeting } from '@semijoias/domain/whatsapp';
import { useLocation } from 'react-router';
import { useStoreWhatsapp } from '@/lib/store-settings';
import { WhatsappIcon } from '@/ui/icons';
import { WhatsappLink } from './WhatsappLink';

/**
 * 'Fale conosco no WhatsApp': the round button at the bottom right of every storefront page
 * when the store has a WhatsApp (docs/whatsapp.md). Out of the way of the buttons that sell, by
 * CSS (the server's HTML is right before any script runs):
 * - hidden while a drawer, sheet or dialog is open (the body is scroll-locked then: the cart's
 *   'Finalizar Compra', the filters' 'Ver resultados' sit at the bottom of the screen);
 * - below the desktop layout, hidden while the buttons that sell or take payment are on the
 *   screen (they span the phone's width: buy-buttons.ts);
 * - not on /checkout at all: on a phone its fields and 'Finalizar' run the full width, and she
 *   is paying; her order's page offers the chat about it right after;
 * - not on her order's page (/pedido/...): its own 'Falar sobre o pedido no WhatsApp' names the
 *   order, and the floating one sat over the full-width 'Avaliar minhas joias' on a phone.
 * WhatsApp's green a shade darker (#1f9e4d): the white mark keeps 3.5:1 on it (WCAG 1.4.11).
 * The page's foot leaves room under its last line for it (Footer).
 */
export function WhatsappFloat() {
  const number = useStoreWhatsapp();
  const { pathname } = useLocation();
  if (!number || pathname === '/checkout' || pathname.startsWith('/pedido/')) return null;
  return (
    <WhatsappLink
      number={number}
      text={whatsappGreeting()}
      aria-label={WHATSAPP_CONTACT_LABEL}
      title={WHATSAPP_CONTACT_LABEL}
      data-testid="whatsapp-float"
      className="fixed bottom-[max(1rem,env(safe-area-inset-bottom))] right-4 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-[#1f9e4d] hover:bg-[#1a8a43] text-white shadow-lift transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink sm:right-6 sm:bottom-6 [body[data-scroll-locked]_&]:hidden max-lg:[body:has([data-whatsapp-compra]:not([data-fora-da-tela]))_&]:hidden"
    >
      <WhatsappIcon width={30} height={30} />
    </WhatsappLink>
  );
}
