import type { Cents } from '@semijoias/domain/money';
import { installmentsLine, pixLine, type PaymentSettings } from '@semijoias/domain/payment-terms';
import { Fragment } from 'react';
import { usePaymentSettings } from '@/lib/store-settings';
import { cx } from './cx';

interface PaymentTermsProps {
  /** The amount the lines are about: a product's price, the cart's products. */
  amountCents: Cents | null;
  /** 'sm' under a card's or the cart's price, 'md' under the product page's. */
  size?: 'sm' | 'md';
  /** 'light' on dark backgrounds. */
  tone?: 'default' | 'light';
  /** 'inline' puts the two lines side by side while they fit (a search result's row). */
  layout?: 'stacked' | 'inline';
  className?: string;
  /** Stable handle on the block (its lines are `<testId>-parcelas` and `<testId>-pix`). */
  testId?: string;
}

/**
 * Under a price, as a shopper in Brazil expects to read it: 'em até 6x de R$ 21,65
 * sem juros' (not when the amount is not split) and 'R$ 123,40 no PIX' (not without a PIX
 * discount), from the owners' settings and the domain's one rule. Spans, so it also fits inside
 * a link. Nothing at all when neither line applies.
 */
export function PaymentTerms(props: PaymentTermsProps) {
  return <PaymentTermsLines {...props} settings={usePaymentSettings()} />;
}

/** The same lines for given settings (the component above reads the store's). */
export function PaymentTermsLines({
  amountCents,
  settings,
  size = 'sm',
  tone = 'default',
  layout = 'stacked',
  className,
  testId = 'payment-terms',
}: PaymentTermsProps & { settings: PaymentSettings }) {
  if (amountCents === null) return null;
  const installments = installmentsLine(amountCents, settings);
  const pix = pixLine(amountCents, settings.pixDiscountTenths);
  if (!installments && !pix) return null;
  const light = tone === 'light';
  return (
    <span
      data-testid={testId}
      className={cx(
        'leading-snug',
        size === 'md' ? 'text-[0.95rem]' : 'text-xs',
        layout === 'inline'
          ? 'flex flex-wrap gap-x-2'
          : cx('flex flex-col', size === 'md' ? 'gap-1' : 'gap-0.5'),
        className,
      )}
    >
      {installments && (
        <span
          data-testid={`${testId}-parcelas`}
          className={light ? 'text-ivory/75' : 'text-ink-soft'}
        >
          <KeptTogether text={installments} />
        </span>
      )}
      {pix && (
        <span
          data-testid={`${testId}-pix`}
          className={cx('font-medium', light ? 'text-gold-light' : 'text-sage')}
        >
          <KeptTogether text={pix} />
        </span>
      )}
    </span>
  );
}

/** The pieces a narrow card must not break inside: an amount, 'sem juros', 'no PIX'. */
const UNBREAKABLE = /(R\$ [\d.]+,\d{2}|sem juros|no PIX)/;

/**
 * The line as the domain wrote it (the same text, character for character), where a phone's
 * narrow card may wrap it only between the pieces: 'em até 6x de R$ 21,65 / sem juros', never
 * 'R$ / 21,65'.
 */
function KeptTogether({ text }: { text: string }) {
  return (
    <>
      {text.split(UNBREAKABLE).map((part, i) =>
        part === '' ? null : i % 2 === 1 ? (
          <span key={i} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
