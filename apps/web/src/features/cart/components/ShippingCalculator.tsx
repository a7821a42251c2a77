import { CEP_MASK_LENGTH, cepDigits, maskCep, CEP_DIGITS } from '@semijoias/domain/cep';
import {
  CEP_LOOKUP_ERROR,
  CEP_NOT_FOUND,
  cartShippingCepBlocker,
} from '@semijoias/domain/messages';
import { formatBRL, type Cents } from '@semijoias/domain/money';
import { SHIPPING_FALLBACK_LABEL } from '@semijoias/domain/shipping';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  chooseCartShippingOption,
  quoteCartShipping,
  type CartShippingQuote,
} from '@/lib/cart/shipping-quote';
import { lookupCep, type CepLookup } from '@/lib/shipping';
import { Button } from '@/ui/Button';
import { inputClasses } from '@/ui/Field';
import { AlertIcon } from '@/ui/icons';
import { cx } from '@/ui/cx';
import { ShippingOptions } from '@/ui/shipping/ShippingOptions';

interface ShippingCalculatorProps {
  subtotalCents: Cents;
  itemCount: number;
  quote: CartShippingQuote | null;
  stale: boolean;
  /** The remembered CEP is being quoted again for the changed cart. */
  requoting?: boolean;
}

interface Lookup {
  digits: string;
  promise: Promise<CepLookup>;
  result?: CepLookup;
}

/**
 * SPEC §4/§5 shipping calculator: a CEP masked 12345-678, its existence looked up as soon as it
 * has 8 digits, 'Calcular' enabled at 9 characters, the server's quote (or the local estimate
 * when that call fails), and the stale warning once the cart changed after quoting.
 */
export function ShippingCalculator({
  subtotalCents,
  itemCount,
  quote,
  stale,
  requoting = false,
}: ShippingCalculatorProps) {
  const [cep, setCep] = useState(quote?.cep ?? '');
  // A CEP remembered after the drawer opened (her account's, on a device that knew none) fills
  // the field unless she started typing one.
  const [shownCep, setShownCep] = useState(quote?.cep ?? null);
  if ((quote?.cep ?? null) !== shownCep) {
    setShownCep(quote?.cep ?? null);
    if (quote && cep === '') setCep(quote.cep);
  }
  const [error, setError] = useState<string | null>(null);
  const [calculating, setCalculating] = useState(false);
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const lookupRef = useRef<Lookup | null>(null);

  function startLookup(digits: string): Lookup {
    if (lookupRef.current?.digits === digits) return lookupRef.current;
    const entry: Lookup = { digits, promise: lookupCep(digits) };
    lookupRef.current = entry;
    setLookup(entry);
    void entry.promise.then((result) => {
      if (lookupRef.current !== entry) return;
      entry.result = result;
      setLookup({ ...entry });
    });
    return entry;
  }

  function onCepChange(value: string) {
    const masked = maskCep(value);
    setCep(masked);
    setError(null);
    const digits = cepDigits(masked);
    if (digits.length === CEP_DIGITS) startLookup(digits);
    else {
      lookupRef.current = null;
      setLookup(null);
    }
  }

  // A remembered quote shows its CEP's address again.
  useEffect(() => {
    const digits = cepDigits(quote?.cep ?? '');
    if (digits.length === CEP_DIGITS && !lookupRef.current) startLookup(digits);
    // On mount, and when a remembered CEP arrives.
  }, [quote?.cep]);

  async function calculate(event: FormEvent) {
    event.preventDefault();
    if (calculating) return;
    const digits = cepDigits(cep);
    setError(null);
    setCalculating(true);
    try {
      let exists: boolean | null = null;
      if (digits.length === CEP_DIGITS) {
        const result = await startLookup(digits).promise;
        // Only a CEP the lookup positively did not find is refused: when the lookup itself
        // failed (no internet, ViaCEP down) the quote still goes ahead.
        exists = result.status === 'found' ? true : result.status === 'not-found' ? false : null;
      }
      const blocker = cartShippingCepBlocker(cep, exists);
      if (blocker) {
        setError(blocker);
        return;
      }
      await quoteCartShipping({ cep: digits, subtotalCents, itemCount });
    } finally {
      setCalculating(false);
    }
  }

  const shownLookup = lookup?.digits === cepDigits(cep) ? lookup : null;
  const lookupResult = shownLookup?.result;

  return (
    <section aria-labelledby="cart-shipping-title" className="space-y-3">
      <h3 id="cart-shipping-title" className="text-sm font-semibold text-ink">
        Calcular frete
      </h3>
      <form onSubmit={(e) => void calculate(e)} className="flex gap-2" noValidate>
        <label htmlFor="cart-cep" className="sr-only">
          CEP
        </label>
        <input
          id="cart-cep"
          data-testid="cart-cep"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={CEP_MASK_LENGTH}
          value={cep}
          onChange={(e) => onCepChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="cart-cep-status"
          className={cx(inputClasses, 'min-h-11 flex-1')}
        />
        <Button
          type="submit"
          variant="outline"
          data-testid="cart-calculate"
          disabled={cep.length !== CEP_MASK_LENGTH || calculating}
        >
          {calculating ? 'Calculando...' : 'Calcular'}
        </Button>
      </form>
      <div id="cart-cep-status" aria-live="polite" className="min-h-0 text-sm">
        {error ? (
          <p data-testid="cart-cep-error" className="text-rose">
            {error}
          </p>
        ) : lookupResult?.status === 'not-found' ? (
          <p data-testid="cart-cep-lookup" className="text-rose">
            {CEP_NOT_FOUND}
          </p>
        ) : lookupResult?.status === 'failed' ? (
          <p data-testid="cart-cep-lookup" className="text-muted">
            {CEP_LOOKUP_ERROR}
          </p>
        ) : lookupResult?.status === 'found' ? (
          <p data-testid="cart-cep-lookup" className="text-ink-soft">
            {formatAddress(lookupResult.endereco)}
          </p>
        ) : shownLookup ? (
          <p className="text-muted">Verificando CEP...</p>
        ) : null}
      </div>

      {quote && <QuoteView quote={quote} stale={stale} requoting={requoting} />}
    </section>
  );
}

function formatAddress(endereco: {
  logradouro: string;
  bairro: string;
  cidade: string;
  estado: string;
}): string {
  const street = [endereco.logradouro, endereco.bairro].filter(Boolean).join(', ');
  const city = [endereco.cidade, endereco.estado].filter(Boolean).join('/');
  return [street, city].filter(Boolean).join(' — ');
}

function QuoteView({
  quote,
  stale,
  requoting,
}: {
  quote: CartShippingQuote;
  stale: boolean;
  requoting: boolean;
}) {
  const q = quote.quote;
  return (
    <div
      data-testid="cart-quote"
      data-stale={stale ? 'true' : 'false'}
      aria-busy={requoting || undefined}
      className="space-y-2"
    >
      {stale && requoting && (
        <p data-testid="cart-quote-requoting" className="text-sm text-muted">
          Recalculando o frete para {quote.cep}...
        </p>
      )}
      {stale && !requoting && (
        <p
          role="alert"
          data-testid="cart-quote-stale"
          className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-ink"
        >
          <AlertIcon width={18} height={18} className="mt-px shrink-0 text-amber-600" />O carrinho
          mudou depois do cálculo do frete. Calcule novamente para ver o valor atual.
        </p>
      )}
      <div
        className={cx(
          'rounded-2xl border border-line bg-white px-4 py-3 text-sm',
          stale && 'opacity-55',
        )}
      >
        <div className="flex items-baseline justify-between gap-3">
          <p className="text-ink-soft">
            Frete para <span className="font-medium text-ink">{quote.cep}</span>
            {q.regiao && <span className="text-muted"> · {q.regiao}</span>}
          </p>
          <p data-testid="cart-quote-value" className="font-semibold tabular-nums text-ink">
            {q.gratis ? 'Grátis' : formatBRL(q.valor)}
          </p>
        </div>
        <p data-testid="cart-quote-days" className="mt-0.5 text-muted">
          Entrega em {q.prazo} dias úteis
        </p>
        {q.gratis && q.motivo_gratis && (
          <p data-testid="cart-quote-reason" className="mt-1 font-medium text-sage">
            {q.motivo_gratis}
          </p>
        )}
        {quote.estimated && (
          <p data-testid="cart-quote-estimated" className="mt-1 text-amber-700">
            {SHIPPING_FALLBACK_LABEL}
          </p>
        )}
      </div>
      {!stale && quote.options && (
        <ShippingOptions
          name="cart-shipping-option"
          options={quote.options}
          selectedId={quote.serviceId}
          onChange={chooseCartShippingOption}
          disabled={requoting}
        />
      )}
    </div>
  );
}
