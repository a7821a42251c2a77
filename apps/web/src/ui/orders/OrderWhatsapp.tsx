import { WHATSAPP_ORDER_LABEL, whatsappOrderMessage } from '@semijoias/domain/whatsapp';
import { useStoreWhatsapp } from '@/lib/store-settings';
import { buttonClasses } from '@/ui/Button';
import { WhatsappIcon } from '@/ui/icons';
import { WhatsappLink } from '@/ui/whatsapp/WhatsappLink';

/**
 * 'Falar sobre o pedido no WhatsApp': a chat with the store whose message names her order's
 * reference (docs/whatsapp.md). Nothing when the store has no WhatsApp.
 */
export function OrderWhatsappButton({
  reference,
  className,
}: {
  reference: string | number;
  className?: string;
}) {
  const number = useStoreWhatsapp();
  if (!number) return null;
  return (
    <WhatsappLink
      number={number}
      text={whatsappOrderMessage(reference)}
      data-testid="order-whatsapp"
      className={buttonClasses('outline', 'md', className)}
    >
      <WhatsappIcon width={18} height={18} className="shrink-0 text-[#1f9e4d]" />
      {WHATSAPP_ORDER_LABEL}
      <span className="sr-only"> (abre em nova aba)</span>
    </WhatsappLink>
  );
}
