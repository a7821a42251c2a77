import { lineSubtotal } from '@semijoias/domain/cart';
import { formatBRL } from '@semijoias/domain/money';
import { maxPerCustomerNote } from '@semijoias/domain/purchase-limits';
import { Link } from 'react-router';
import type { CartLineView } from '@/lib/cart/use-cart';
import { productPath } from '@/lib/product';
import { SmartImage } from '@/ui/SmartImage';

interface CartLineItemProps {
  line: CartLineView;
  /** The quantity shown (the line's plus the changes still on their way). */
  quantity: number;
  /**
   * The piece's 'máximo por cliente' when known, and the units this line may have of it (the
   * maximum less its other sizes in the cart): the plus stops there and the line says why.
   */
  maxPerCustomer?: { max: number; room: number };
  onChange: (delta: number) => void;
  /** Minus at 1: SPEC §2 asks before removing. */
  onAskRemove: () => void;
  onNavigate: () => void;
}

const stepButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-full text-lg text-ink transition-colors hover:bg-ink/5 disabled:cursor-not-allowed disabled:opacity-35';

/** One line of the cart drawer: picture, name, unit and line price, minus / quantity / plus. */
export function CartLineItem({
  line,
  quantity,
  maxPerCustomer,
  onChange,
  onAskRemove,
  onNavigate,
}: CartLineItemProps) {
  const atStock = line.estoque !== undefined && quantity >= line.estoque;
  const maxNote =
    maxPerCustomer && quantity >= maxPerCustomer.room
      ? maxPerCustomerNote(maxPerCustomer.max)
      : null;
  // 'Anel Solitário (Aro 16)': the buttons name the size too, two sizes being two lines.
  const named = cartLineName(line);
  return (
    <li
      data-testid="cart-line"
      data-product-id={line.productId}
      data-variation-id={line.variationId ?? undefined}
      className="flex gap-3 py-4"
    >
      <Link
        to={productPath(line.productId)}
        onClick={onNavigate}
        className="block h-20 w-20 shrink-0 overflow-hidden rounded-xl border border-line bg-white"
        tabIndex={-1}
        aria-hidden="true"
      >
        <SmartImage
          src={line.image}
          alt=""
          width={160}
          height={160}
          className="h-full w-full object-cover"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          to={productPath(line.productId)}
          onClick={onNavigate}
          data-testid="cart-line-name"
          className="line-clamp-2 text-sm font-medium leading-snug text-ink hover:underline"
        >
          {line.name}
        </Link>
        {line.variationLabel && (
          <p data-testid="cart-line-variation" className="mt-0.5 text-xs font-medium text-ink-soft">
            {line.variationLabel}
          </p>
        )}
        <p className="mt-0.5 text-xs text-muted">{formatBRL(line.priceCents)} cada</p>
        <div className="mt-1 flex items-center justify-between gap-2">
          <div
            role="group"
            aria-label={`Quantidade de ${named}`}
            className="-ml-2 inline-flex items-center"
          >
            <button
              type="button"
              className={stepButton}
              aria-label={quantity <= 1 ? `Remover ${named}` : `Diminuir ${named}`}
              data-testid="cart-line-minus"
              onClick={() => (quantity <= 1 ? onAskRemove() : onChange(-1))}
            >
              −
            </button>
            <span
              data-testid="cart-line-quantity"
              aria-live="polite"
              className="min-w-7 text-center text-sm font-semibold tabular-nums"
            >
              {quantity}
            </span>
            <button
              type="button"
              className={stepButton}
              aria-label={`Aumentar ${named}`}
              data-testid="cart-line-plus"
              disabled={atStock || maxNote !== null}
              title={atStock ? 'Quantidade máxima em estoque' : (maxNote ?? undefined)}
              onClick={() => onChange(1)}
            >
              +
            </button>
          </div>
          <p
            data-testid="cart-line-subtotal"
            className="text-sm font-semibold tabular-nums text-ink"
          >
            {formatBRL(lineSubtotal({ priceCents: line.priceCents, quantidade: quantity }))}
          </p>
        </div>
        {maxNote && (
          <p data-testid="cart-line-max" className="text-xs text-ink-soft">
            {maxNote}
          </p>
        )}
      </div>
    </li>
  );
}

/** The line's name, with its size when it has one: 'Anel Solitário (Aro 16)'. */
export function cartLineName(line: Pick<CartLineView, 'name' | 'variationLabel'>): string {
  return line.variationLabel ? `${line.name} (${line.variationLabel})` : line.name;
}
