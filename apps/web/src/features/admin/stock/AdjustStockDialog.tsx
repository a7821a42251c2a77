/**
 * 'Ajustar estoque': the piece, how many units in (Repor) or out (Retirar), and why. The server
 * changes the stock in one guarded statement and refuses (409) to go below zero; its answer is
 * shown at once (the ledger and the pickers read again). A piece sold by size is
 * adjusted size by size: the dialog asks which one and sends its `variacao_id`.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ADMIN_QUERY_ROOT, adminSend } from '../lib/admin-api';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import {
  STOCK_ADJUSTMENT_MAX,
  STOCK_ADJUSTMENT_MESSAGES,
  STOCK_NOTE_MAX_LENGTH,
  validateStockAdjustment,
  type StockAdjustmentBody,
} from '@semijoias/domain/stock-adjustment';
import { variationLabel } from '@semijoias/domain/variations';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { inputClasses, TextField } from '@/ui/Field';
import { useToast } from '@/ui/toast';
import { ProductPicker } from './ProductPicker';
import type { AdjustTarget, PickerProduct, StockMovement } from './stock-api';

type Direction = 'in' | 'out';

export function AdjustStockDialog({
  open,
  onOpenChange,
  initialProduct,
  initialVariationId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialProduct?: AdjustTarget | null;
  /** The size chosen at first, for a piece sold by size (from its page or the Painel). */
  initialVariationId?: number | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/45 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="adjust-stock-dialog"
          className="fixed left-1/2 top-1/2 z-[71] max-h-[calc(100dvh-1.5rem)] w-[min(32rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-ivory p-5 shadow-lift outline-none sm:p-6"
        >
          <Dialog.Title className="font-display text-2xl font-semibold text-ink">
            Ajustar estoque
          </Dialog.Title>
          {open && (
            <AdjustForm
              initialProduct={initialProduct ?? null}
              initialVariationId={initialVariationId ?? null}
              onDone={() => onOpenChange(false)}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Whether the piece is sold by size (its stock moves size by size). */
function sized(product: AdjustTarget | null): boolean {
  return Boolean(product && (product.nome_variacao || (product.variacoes?.length ?? 0) > 0));
}

function AdjustForm({
  initialProduct,
  initialVariationId,
  onDone,
}: {
  initialProduct: AdjustTarget | null;
  initialVariationId: number | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const sizeId = useId();
  const [product, setProduct] = useState(initialProduct);
  const [variationId, setVariationId] = useState<number | null>(
    initialProduct?.variacoes?.some((v) => v.id === initialVariationId) ? initialVariationId : null,
  );
  const [direction, setDirection] = useState<Direction>('in');
  const [units, setUnits] = useState(1);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const adjust = useMutation({
    mutationFn: (body: StockAdjustmentBody) =>
      adminSend<{
        produto: { nome: string; estoque: number };
        variacao: { id: number; nome: string; estoque: number } | null;
        movimento: StockMovement;
      }>('POST', 'estoque/ajustes/', body),
    onSuccess: (answer) => {
      // Every back-office list may show this stock: the ledger, pickers, Painel, products, audit.
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT });
      const size = answer.variacao;
      toast({
        title: 'Estoque ajustado',
        description: size
          ? `${answer.produto.nome} (${variationLabel(product?.nome_variacao, size.nome)}): agora ${size.estoque} un.`
          : `${answer.produto.nome}: agora ${answer.produto.estoque} un.`,
      });
      onDone();
    },
    onError: (error) => setErrors({ form: adminErrorMessage(error), ...adminFieldErrors(error) }),
  });

  const delta = direction === 'in' ? units : -units;
  const bySize = sized(product);
  const size = product?.variacoes?.find((v) => v.id === variationId) ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: StockAdjustmentBody = {
      produto_id: product?.id ?? 0,
      ...(bySize && variationId !== null ? { variacao_id: variationId } : {}),
      quantidade: delta,
      nota: note,
    };
    const checked = validateStockAdjustment(body);
    const found = checked.ok ? {} : { ...checked.errors };
    if (product && bySize && variationId === null) {
      found.variacao_id = [STOCK_ADJUSTMENT_MESSAGES.variationRequired];
    }
    if (Object.keys(found).length > 0) {
      setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v[0]!])));
      return;
    }
    setErrors({});
    adjust.mutate(body);
  };
  const pick = (picked: PickerProduct) => {
    setProduct(picked);
    setVariationId(null);
  };
  // A piece sold by size: today's stock and the result are the chosen size's.
  const today = bySize ? (size?.estoque ?? null) : (product?.estoque ?? null);
  const after = today !== null ? today + delta : null;
  const axis = product?.nome_variacao || 'Variação';

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      {product ? (
        <div className="flex items-center justify-between gap-3 rounded-xl bg-cream/70 px-4 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-ink" data-testid="adjust-product">
              {product.nome}
            </p>
            <p className="text-sm text-muted">
              {bySize
                ? size
                  ? `${variationLabel(product.nome_variacao, size.nome)} hoje: ${size.estoque} un.`
                  : `Vendida por ${axis.toLocaleLowerCase('pt-BR')}: ${product.estoque} un. no total`
                : `Hoje: ${product.estoque} un.`}
            </p>
          </div>
          {!initialProduct && (
            <Button variant="ghost" size="sm" onClick={() => setProduct(null)}>
              Trocar
            </Button>
          )}
        </div>
      ) : (
        <ProductPicker
          label="Produto"
          selectedId={null}
          onSelect={pick}
          error={errors.produto_id}
        />
      )}

      {product && bySize && (
        <div>
          <label htmlFor={sizeId} className="mb-1.5 block text-sm font-medium text-ink-soft">
            {axis}
          </label>
          <select
            id={sizeId}
            value={variationId === null ? '' : String(variationId)}
            onChange={(e) => setVariationId(e.target.value ? Number(e.target.value) : null)}
            aria-invalid={errors.variacao_id ? true : undefined}
            aria-describedby={`${sizeId}-hint${errors.variacao_id ? ` ${sizeId}-error` : ''}`}
            className={inputClasses}
          >
            <option value="">Escolha</option>
            {(product.variacoes ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.nome} — {v.estoque === 0 ? 'esgotado' : `${v.estoque} un.`}
              </option>
            ))}
          </select>
          <p id={`${sizeId}-hint`} className="mt-1.5 text-xs text-muted">
            {(product.variacoes?.length ?? 0) === 0
              ? 'Esta peça ainda não tem tamanhos: cadastre-os na página do produto.'
              : 'O estoque desta peça é contado por tamanho.'}
          </p>
          {errors.variacao_id && (
            <p id={`${sizeId}-error`} className="mt-1.5 text-sm text-rose">
              {errors.variacao_id}
            </p>
          )}
        </div>
      )}

      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink-soft">Movimento</legend>
        <div className="grid grid-cols-2 gap-2">
          {(
            [
              ['in', 'Repor (entrada)'],
              ['out', 'Retirar (saída)'],
            ] as const
          ).map(([value, text]) => (
            <button
              key={value}
              type="button"
              aria-pressed={direction === value}
              onClick={() => setDirection(value)}
              className={cx(
                'min-h-11 rounded-full border text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark',
                direction === value
                  ? 'border-ink bg-ink text-ivory'
                  : 'border-ink/25 text-ink hover:border-ink',
              )}
            >
              {text}
            </button>
          ))}
        </div>
      </fieldset>

      <div>
        <label
          htmlFor="ajuste-quantidade"
          className="mb-1.5 block text-sm font-medium text-ink-soft"
        >
          Quantidade
        </label>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label="Diminuir quantidade"
            onClick={() => setUnits((u) => Math.max(1, u - 1))}
          >
            −
          </Button>
          <input
            id="ajuste-quantidade"
            type="number"
            inputMode="numeric"
            min={1}
            max={STOCK_ADJUSTMENT_MAX}
            value={units}
            aria-invalid={errors.quantidade ? true : undefined}
            onChange={(e) => setUnits(Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
            className="min-h-12 w-24 rounded-xl border border-line bg-white text-center text-lg tabular-nums text-ink focus:border-gold-dark focus:outline-none focus:ring-2 focus:ring-gold/40"
          />
          <Button
            variant="outline"
            size="sm"
            aria-label="Aumentar quantidade"
            onClick={() => setUnits((u) => Math.min(STOCK_ADJUSTMENT_MAX, u + 1))}
          >
            +
          </Button>
          {after !== null && (
            <p className="ml-auto text-sm text-muted" aria-live="polite">
              Fica com <strong className={cx(after < 0 ? 'text-rose' : 'text-ink')}>{after}</strong>
            </p>
          )}
        </div>
        {errors.quantidade && <p className="mt-1.5 text-sm text-rose">{errors.quantidade}</p>}
      </div>

      <TextField
        label="Motivo"
        placeholder="Ex.: reposição da fornecedora"
        value={note}
        maxLength={STOCK_NOTE_MAX_LENGTH}
        onChange={(e) => setNote(e.target.value)}
        error={errors.nota}
        hint={`Até ${STOCK_NOTE_MAX_LENGTH} caracteres. Aparece no histórico do estoque.`}
      />

      {errors.form &&
        !errors.quantidade &&
        !errors.nota &&
        !errors.produto_id &&
        !errors.variacao_id && (
          <p role="alert" className="text-sm text-rose">
            {errors.form}
          </p>
        )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline">Cancelar</Button>
        </Dialog.Close>
        <Button type="submit" disabled={adjust.isPending}>
          {adjust.isPending ? 'Salvando…' : 'Salvar ajuste'}
        </Button>
      </div>
    </form>
  );
}
