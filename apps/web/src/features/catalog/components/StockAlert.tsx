import {
  STOCK_ALERT_BUTTON,
  STOCK_ALERT_EMAIL_LABEL,
  STOCK_ALERT_INTRO,
  STOCK_ALERT_PRIVACY,
  STOCK_ALERT_TITLE,
  stockAlertAnySize,
  stockAlertEmailError,
  stockAlertSizeQuestion,
} from '@semijoias/domain/stock-alerts';
import { isVariationSoldOut } from '@semijoias/domain/variations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { hasVariations, type ProductSummary, type Variation } from '@/lib/product';
import { useIsLoggedIn } from '@/lib/session';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { inputClasses, TextField } from '@/ui/Field';
import { CheckIcon, MailIcon } from '@/ui/icons';
import { productQuery } from '../api/get-product';
import { fetchOwnEmail, requestStockAlert, stockAlertEmailQueryKey } from '../api/stock-alert';
import { offersStockAlert } from './stock-alert-offer';

interface StockAlertProps {
  product: ProductSummary;
  /** The piece's axis ('Aro') and its live sizes, for a piece sold by size. */
  axis: string | null;
  variations: readonly Variation[];
}

/**
 * 'Avise-me quando chegar' on the product page. A piece sold without sizes and sold
 * out: the form under the 'Esgotado' button. A piece sold by size: a sold-out size cannot be
 * chosen in the size picker, so when some are out this offers 'Seu aro esgotou?
 * Avise-me quando chegar', which opens the form with the sold-out sizes to choose from (and
 * 'Qualquer aro' when every size is out). Her e-mail is filled in when she is logged in (asked in
 * the browser: the server-rendered page is every visitor's); she may type another. The answer is
 * a confirmation on the page: no e-mail is sent until the piece is back.
 */
export function StockAlert({ product, axis, variations }: StockAlertProps) {
  const bySize = hasVariations(product);
  const wholeOut = product.estoque === 0;
  const outSizes = bySize ? variations.filter(isVariationSoldOut) : [];
  const [open, setOpen] = useState(false);
  if (!offersStockAlert(product, variations)) return null;

  // Every size out, or a piece without sizes: the form shows at once.
  if (!bySize || wholeOut) {
    return (
      <StockAlertPanel
        product={product}
        sizes={bySize ? { axis, options: outSizes, any: true } : null}
      />
    );
  }
  return (
    <div className="mt-4">
      <button
        type="button"
        data-testid="stock-alert-toggle"
        aria-expanded={open}
        aria-controls="avise-me"
        onClick={() => setOpen((v) => !v)}
        className="inline-flex min-h-11 items-center gap-2 text-left text-sm font-medium text-ink underline decoration-gold/60 underline-offset-4 hover:decoration-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
      >
        <MailIcon width={18} height={18} className="shrink-0 text-gold-dark" />
        {stockAlertSizeQuestion(axis)}
      </button>
      {open && (
        <StockAlertPanel
          product={product}
          sizes={{ axis, options: outSizes, any: false }}
          focusOnOpen
        />
      )}
    </div>
  );
}

interface PanelProps {
  product: ProductSummary;
  /** The sold-out sizes to choose from; `any`: the piece as a whole comes first. */
  sizes: { axis: string | null; options: readonly Variation[]; any: boolean } | null;
  focusOnOpen?: boolean;
}

function StockAlertPanel({ product, sizes, focusOnOpen = false }: PanelProps) {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const ownEmail = useQuery({
    queryKey: stockAlertEmailQueryKey,
    queryFn: fetchOwnEmail,
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  });
  const [email, setEmail] = useState('');
  const typed = useRef(false);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const sizeId = useId();
  const firstField = useRef<HTMLSelectElement | HTMLInputElement | null>(null);

  // Her e-mail, once known, unless she already typed one.
  useEffect(() => {
    if (ownEmail.data && !typed.current) setEmail(ownEmail.data);
  }, [ownEmail.data]);

  useEffect(() => {
    if (focusOnOpen) firstField.current?.focus();
  }, [focusOnOpen]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const problem = stockAlertEmailError(email);
    setEmailError(problem ?? undefined);
    setMessage(undefined);
    if (problem) return;
    // The size as the select holds it (uncontrolled: the browser's own choice, read at submit).
    const size = new FormData(event.currentTarget as HTMLFormElement).get('variacao');
    setSending(true);
    const result = await requestStockAlert({
      produto_id: product.id,
      ...(typeof size === 'string' && size !== '' ? { variacao_id: Number(size) } : {}),
      email: email.trim(),
    });
    setSending(false);
    if (result.ok) {
      setConfirmation(result.message);
      return;
    }
    setEmailError(result.emailError);
    setMessage(result.message);
    // The piece may be back (409): the page asks for it again and offers the add button.
    void queryClient.invalidateQueries({ queryKey: productQuery(product.id).queryKey });
  }

  return (
    <section
      id="avise-me"
      data-testid="stock-alert"
      aria-labelledby={titleId}
      className="mt-4 rounded-2xl border border-line bg-cream/40 p-4 sm:p-5"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-display text-xl font-semibold">
        <MailIcon width={20} height={20} className="shrink-0 text-gold-dark" />
        {STOCK_ALERT_TITLE}
      </h2>
      {confirmation ? (
        <p
          role="status"
          data-testid="stock-alert-confirmation"
          className="mt-3 flex items-start gap-2 text-sm text-ink"
        >
          <CheckIcon width={18} height={18} className="mt-0.5 shrink-0 text-sage" />
          <span className="min-w-0 [overflow-wrap:anywhere]">{confirmation}</span>
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-2">
          <p className="text-sm text-ink-soft">{STOCK_ALERT_INTRO}</p>
          <div className="mt-3 grid gap-3">
            {sizes && (
              <div>
                <label htmlFor={sizeId} className="mb-1.5 block text-sm font-medium text-ink-soft">
                  {sizes.axis ?? 'Tamanho'}
                </label>
                <select
                  id={sizeId}
                  data-testid="stock-alert-size"
                  ref={(el) => {
                    firstField.current = el;
                  }}
                  name="variacao"
                  defaultValue={sizes.any ? '' : String(sizes.options[0]?.id ?? '')}
                  className={cx(inputClasses, 'appearance-auto')}
                >
                  {sizes.any && <option value="">{stockAlertAnySize(sizes.axis)}</option>}
                  {sizes.options.map((v) => (
                    <option key={v.id} value={String(v.id)}>
                      {v.nome}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <TextField
              label={STOCK_ALERT_EMAIL_LABEL}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              data-testid="stock-alert-email"
              ref={(el) => {
                if (!sizes) firstField.current = el;
              }}
              value={email}
              error={emailError}
              onChange={(e) => {
                typed.current = true;
                setEmail((e.target as HTMLInputElement).value);
                setEmailError(undefined);
              }}
            />
          </div>
          {message && (
            <p role="alert" className="mt-3 text-sm font-medium text-rose">
              {message}
            </p>
          )}
          <Button
            type="submit"
            data-testid="stock-alert-submit"
            variant="gold"
            size="md"
            className={cx('mt-4 w-full sm:w-auto', sending && 'cursor-wait opacity-50')}
            aria-disabled={sending || undefined}
            aria-busy={sending || undefined}
          >
            {sending ? 'Enviando...' : STOCK_ALERT_BUTTON}
          </Button>
          <p className="mt-3 text-xs text-muted">{STOCK_ALERT_PRIVACY}</p>
        </form>
      )}
    </section>
  );
}
