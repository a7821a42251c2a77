import { productPagePath } from '@semijoias/domain/catalog';
import { WHATSAPP_BUY_LABEL, whatsappProductMessage } from '@semijoias/domain/whatsapp';
import { useStoreWhatsapp } from '@/lib/store-settings';
import { priceCents, type ProductSummary, type Variation } from '@/lib/product';
import { buttonClasses } from '@/ui/Button';
import { WhatsappIcon } from '@/ui/icons';
import { WhatsappLink } from '@/ui/whatsapp/WhatsappLink';
import { useSiteOrigin } from '@/ui/whatsapp/site-origin';

/**
 * 'Comprar pelo WhatsApp' beside 'Adicionar ao Carrinho' (docs/whatsapp.md): a chat whose message
 * names the piece, the size she chose (`?variacao=`), the price she sees and the piece's link.
 * Nothing when the store has no WhatsApp, or the piece is sold out.
 */
export function WhatsappBuyButton({
  product,
  axis,
  chosen,
}: {
  product: ProductSummary;
  axis: string | null;
  chosen: Variation | null;
}) {
  const number = useStoreWhatsapp();
  const origin = useSiteOrigin();
  if (!number || product.estoque === 0) return null;
  const text = whatsappProductMessage({
    name: product.name,
    size: chosen ? { axis, name: chosen.nome } : null,
    priceCents: priceCents(product),
    url: `${origin}${productPagePath(product.id, chosen?.id)}`,
  });
  return (
    <WhatsappLink
      number={number}
      text={text}
      data-testid="whatsapp-buy"
      className={buttonClasses('outline', 'lg', 'w-full bg-white sm:w-auto')}
    >
      <WhatsappIcon width={20} height={20} className="shrink-0 text-[#1f9e4d]" />
      {WHATSAPP_BUY_LABEL}
      <span className="sr-only"> (abre em nova aba)</span>
    </WhatsappLink>
  );
}
