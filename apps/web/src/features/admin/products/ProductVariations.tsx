/**
 * 'Variações' on the product's page (docs/variations-contract.md): the axis ('Aro',
 * 'Tamanho', 'Comprimento' or another) and the sizes in the shop's order — add, rename, move,
 * remove (or hide one ever ordered) — saved at once with PUT produtos/:id/variacoes/. Stock never
 * moves here: a new size starts at 0 and each size is restocked through Estoque's adjustment,
 * opened from its row.
 */
import { stockAlertWaitingText, stockAlertWaitingTitle } from '@semijoias/domain/stock-alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  MAX_VARIATIONS_PER_PRODUCT,
  VARIATION_AXES,
  VARIATION_AXIS_MAX_LENGTH,
  VARIATION_NAME_MAX_LENGTH,
  VARIATION_SKU_MAX_LENGTH,
  variationLabel,
} from '@semijoias/domain/variations';
import { LOW_STOCK_THRESHOLD } from '@semijoias/domain/admin';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { inputClasses } from '@/ui/Field';
import { useToast } from '@/ui/toast';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { adminSend } from '../lib/admin-api';
import { adminErrorMessage, adminFieldErrors } from '../lib/errors';
import { AdjustStockDialog } from '../stock/AdjustStockDialog';
import { STOCK_QUERY_KEY } from '../stock/stock-api';
import { PRODUCTS_QUERY_KEY, productQuery, type AdminProduct } from './products-api';
import {
  axisWord,
  draftChanged,
  draftsOf,
  isOfferedAxis,
  moveDraft,
  removeWord,
  suggestedAxis,
  variationsBody,
  type VariationDraft,
  type VariationsBody,
} from './variations-model';

const OTHER = '__outro__';

export function ProductVariations({ product }: { product: AdminProduct }) {
  const sized = product.nome_variacao !== null;
  const [starting, setStarting] = useState(false);
  // A new editor after each save: it starts again from the sizes as saved.
  const [version, setVersion] = useState(0);

  if (!sized && !starting) {
    return (
      <div data-testid="variations">
        <p className="text-sm text-ink">
          Esta peça é vendida sem tamanho, com um só estoque ({product.estoque} un.).
        </p>
        <p className="mt-1 text-sm text-muted">
          Anéis por aro, colares por comprimento: com tamanhos, a cliente escolhe o dela na página
          do produto e cada tamanho tem o próprio estoque.
        </p>
        <Button variant="outline" className="mt-3" onClick={() => setStarting(true)}>
          Vender por tamanho
        </Button>
      </div>
    );
  }
  return (
    <VariationsEditor
      key={version}
      product={product}
      onSaved={() => {
        setStarting(false);
        setVersion((v) => v + 1);
      }}
      onCancelStart={sized ? undefined : () => setStarting(false)}
    />
  );
}

function VariationsEditor({
  product,
  onSaved,
  onCancelStart,
}: {
  product: AdminProduct;
  onSaved: () => void;
  /** Only while a piece without sizes is starting to be sold by size. */
  onCancelStart?: () => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const ids = useId();
  const [axis, setAxis] = useState(product.nome_variacao ?? suggestedAxis(product.categoria));
  const [otherAxis, setOtherAxis] = useState(!isOfferedAxis(axis));
  const [drafts, setDrafts] = useState<VariationDraft[]>(() => draftsOf(product.variacoes));
  const [newName, setNewName] = useState('');
  const [newSku, setNewSku] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState<number | null>(null);
  const nextKey = useRef(0);
  const newNameRef = useRef<HTMLInputElement>(null);

  const save = useMutation({
    mutationFn: (body: VariationsBody) =>
      adminSend<{ produto: AdminProduct }>('PUT', `produtos/${product.id}/variacoes/`, body),
    onSuccess: ({ produto }) => {
      queryClient.setQueryData(productQuery(product.id).queryKey, produto);
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: STOCK_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      toast({
        title: 'Variações salvas',
        description:
          produto.nome_variacao === null
            ? 'A peça volta a ser vendida sem tamanho.'
            : 'Ajuste o estoque de cada tamanho novo em Estoque.',
      });
      onSaved();
    },
  });
  const errors = save.isError ? adminFieldErrors(save.error) : {};
  const formError =
    save.isError && !errors.nome_variacao && !errors.variacoes
      ? adminErrorMessage(save.error)
      : null;

  const word = axisWord(axis);
  const live = new Map(product.variacoes.map((v) => [v.id, v]));
  const changed = draftChanged(product.nome_variacao, product.variacoes, axis, drafts);
  const full = drafts.length >= MAX_VARIATIONS_PER_PRODUCT;
  const wasPlain = product.nome_variacao === null;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const nome = newName.trim();
    if (nome === '') {
      setAddError(`Escreva o ${word} a adicionar.`);
      return;
    }
    const repeated = drafts.some(
      (d) => d.nome.trim().toLocaleLowerCase('pt-BR') === nome.toLocaleLowerCase('pt-BR'),
    );
    if (repeated) {
      setAddError(`Já existe ${variationLabel(axis, nome)} na lista.`);
      return;
    }
    nextKey.current += 1;
    setDrafts([
      ...drafts,
      { key: `n${nextKey.current}`, nome, sku: newSku.trim(), pedidos: 0, manter: false },
    ]);
    setNewName('');
    setNewSku('');
    setAddError(null);
    newNameRef.current?.focus();
  };
  const update = (index: number, changes: Partial<VariationDraft>) =>
    setDrafts(drafts.map((d, i) => (i === index ? { ...d, ...changes } : d)));
  const move = (index: number, by: -1 | 1) => {
    setDrafts(moveDraft(drafts, index, by));
    // The button pressed may vanish at an end of the list: focus follows the size.
    const to = index + by;
    requestAnimationFrame(() => {
      const target =
        document.getElementById(`${ids}-${by < 0 ? 'up' : 'down'}-${to}`) ??
        document.getElementById(`${ids}-${by < 0 ? 'down' : 'up'}-${to}`);
      if (target && !(target as HTMLButtonElement).disabled) target.focus();
    });
  };
  const adjusted = adjusting === null ? null : (live.get(adjusting) ?? null);

  return (
    <div data-testid="variations" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {wasPlain && (
        <div className="rounded-xl bg-gold-light/30 px-4 py-3 text-sm text-ink">
          <p className="font-medium">Vender por tamanho</p>
          <p className="mt-1">
            {product.estoque > 0
              ? `Ao salvar, o estoque atual (${product.estoque} un.) vai a zero: depois informe quantas unidades há de cada tamanho em Ajustar estoque.`
              : 'Ao salvar, cada tamanho começa com 0 unidades: depois informe o estoque de cada um em Ajustar estoque.'}
          </p>
        </div>
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-axis`} className="mb-1.5 block text-sm font-medium text-ink-soft">
            Vendida por
          </label>
          <select
            id={`${ids}-axis`}
            value={otherAxis ? OTHER : axis}
            onChange={(e) => {
              if (e.target.value === OTHER) {
                setOtherAxis(true);
                setAxis('');
              } else {
                setOtherAxis(false);
                setAxis(e.target.value);
              }
            }}
            className={inputClasses}
          >
            {VARIATION_AXES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
            <option value={OTHER}>Outro…</option>
          </select>
        </div>
        {otherAxis && (
          <div>
            <label
              htmlFor={`${ids}-axis-other`}
              className="mb-1.5 block text-sm font-medium text-ink-soft"
            >
              Nome do tipo de variação
            </label>
            <input
              id={`${ids}-axis-other`}
              value={axis}
              maxLength={VARIATION_AXIS_MAX_LENGTH}
              placeholder="Ex.: Numeração"
              onChange={(e) => setAxis(e.target.value)}
              aria-invalid={errors.nome_variacao ? true : undefined}
              className={inputClasses}
            />
          </div>
        )}
      </div>
      {errors.nome_variacao && (
        <p role="alert" className="-mt-2 text-sm text-rose">
          {errors.nome_variacao}
        </p>
      )}

      {drafts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-5 text-center text-sm text-muted">
          {wasPlain
            ? `Adicione o primeiro ${word} abaixo.`
            : 'Sem nenhum tamanho, a peça volta a ser vendida sem tamanho ao salvar.'}
        </p>
      ) : (
        <ol aria-label={`Tamanhos (${axis || 'variação'})`} className="grid gap-2">
          {drafts.map((d, index) => {
            const saved = d.id === undefined ? undefined : live.get(d.id);
            const label = variationLabel(axis, d.nome || '…');
            return (
              <li
                key={d.key}
                data-testid="variation-row"
                className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 rounded-xl border border-line bg-ivory/60 p-3 md:grid-cols-[minmax(0,1fr)_7.5rem_auto] md:items-center"
              >
                <div className="col-span-2 grid grid-cols-2 gap-2 md:col-span-1">
                  <div>
                    <label
                      htmlFor={`${ids}-name-${d.key}`}
                      className="mb-1 block text-xs font-medium text-ink-soft"
                    >
                      {axis || 'Nome'}
                    </label>
                    <input
                      id={`${ids}-name-${d.key}`}
                      value={d.nome}
                      maxLength={VARIATION_NAME_MAX_LENGTH}
                      onChange={(e) => update(index, { nome: e.target.value })}
                      className={cx(inputClasses, 'min-h-11 px-3')}
                    />
                  </div>
                  <div>
                    <label
                      htmlFor={`${ids}-sku-${d.key}`}
                      className="mb-1 block text-xs font-medium text-ink-soft"
                    >
                      SKU
                    </label>
                    <input
                      id={`${ids}-sku-${d.key}`}
                      value={d.sku}
                      maxLength={VARIATION_SKU_MAX_LENGTH}
                      onChange={(e) => update(index, { sku: e.target.value })}
                      className={cx(inputClasses, 'min-h-11 px-3')}
                    />
                  </div>
                  <label className="col-span-2 flex min-h-11 cursor-pointer items-center gap-2 text-sm text-ink md:min-h-0">
                    <input
                      type="checkbox"
                      checked={d.manter}
                      onChange={(e) => update(index, { manter: e.target.checked })}
                      aria-describedby={`${ids}-kept-hint`}
                      className="size-5 shrink-0 accent-gold-dark"
                    />
                    Manter em estoque
                    <span className="sr-only"> ({label})</span>
                  </label>
                </div>
                <div className="text-sm" data-testid="variation-stock">
                  {saved ? (
                    <>
                      <p
                        className={cx(
                          'font-medium tabular-nums',
                          saved.estoque === 0
                            ? 'text-rose'
                            : saved.estoque <= LOW_STOCK_THRESHOLD
                              ? 'text-gold-dark'
                              : 'text-ink',
                        )}
                      >
                        {saved.estoque === 0 ? 'Esgotado' : `${saved.estoque} un.`}
                      </p>
                      {(saved.aguardando_aviso ?? 0) > 0 && (
                        <p
                          className="text-xs font-medium text-ink-soft"
                          data-testid="variation-waiting"
                          title={stockAlertWaitingTitle(saved.aguardando_aviso!)}
                        >
                          {stockAlertWaitingText(saved.aguardando_aviso!)}
                        </p>
                      )}
                      <button
                        type="button"
                        onClick={() => setAdjusting(saved.id)}
                        aria-label={`Ajustar estoque de ${variationLabel(product.nome_variacao, saved.nome)}`}
                        className="inline-flex min-h-11 items-center text-sm font-medium text-gold-dark underline underline-offset-4 hover:text-ink focus-visible:outline-2 focus-visible:outline-gold-dark md:min-h-0"
                      >
                        Ajustar estoque
                      </button>
                    </>
                  ) : (
                    <p className="text-muted">
                      <span className="font-medium text-ink">Novo</span> · começa com 0 un.
                    </p>
                  )}
                </div>
                <div className="flex items-center justify-end gap-1">
                  <Button
                    id={`${ids}-up-${index}`}
                    variant="ghost"
                    size="sm"
                    className="w-11 px-0"
                    disabled={index === 0}
                    aria-label={`Subir ${label}`}
                    onClick={() => move(index, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </Button>
                  <Button
                    id={`${ids}-down-${index}`}
                    variant="ghost"
                    size="sm"
                    className="w-11 px-0"
                    disabled={index === drafts.length - 1}
                    aria-label={`Descer ${label}`}
                    onClick={() => move(index, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-3 text-rose"
                    aria-label={`${removeWord(d)} ${label}`}
                    title={
                      d.pedidos > 0
                        ? 'Já foi pedido: sai da loja, mas continua nos pedidos.'
                        : undefined
                    }
                    onClick={() => setDrafts(drafts.filter((_, i) => i !== index))}
                  >
                    {removeWord(d)}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {drafts.some((d) => d.pedidos > 0) && (
        <p className="-mt-2 text-xs text-muted">
          Um tamanho que já foi pedido não é apagado: “Ocultar” tira ele da loja, e os pedidos
          continuam mostrando o tamanho.
        </p>
      )}

      <form
        onSubmit={add}
        noValidate
        className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2 rounded-xl border border-dashed border-line p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <div>
          <label htmlFor={`${ids}-new`} className="mb-1 block text-xs font-medium text-ink-soft">
            Novo {word}
          </label>
          <input
            ref={newNameRef}
            id={`${ids}-new`}
            value={newName}
            disabled={full}
            maxLength={VARIATION_NAME_MAX_LENGTH}
            placeholder={word === 'aro' ? 'Ex.: 16' : word === 'comprimento' ? 'Ex.: 45 cm' : ''}
            onChange={(e) => setNewName(e.target.value)}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? `${ids}-new-error` : undefined}
            className={cx(inputClasses, 'min-h-11 px-3')}
          />
        </div>
        <div>
          <label
            htmlFor={`${ids}-new-sku`}
            className="mb-1 block text-xs font-medium text-ink-soft"
          >
            SKU <span className="font-normal text-muted">(opcional)</span>
          </label>
          <input
            id={`${ids}-new-sku`}
            value={newSku}
            disabled={full}
            maxLength={VARIATION_SKU_MAX_LENGTH}
            onChange={(e) => setNewSku(e.target.value)}
            className={cx(inputClasses, 'min-h-11 px-3')}
          />
        </div>
        <Button
          type="submit"
          variant="outline"
          disabled={full}
          className="col-span-2 sm:col-span-1"
        >
          Adicionar {word}
        </Button>
        {(addError || full) && (
          <p id={`${ids}-new-error`} className="col-span-full text-sm text-rose">
            {full ? `Uma peça pode ter até ${MAX_VARIATIONS_PER_PRODUCT} variações.` : addError}
          </p>
        )}
      </form>

      <p id={`${ids}-kept-hint`} className="text-xs text-muted">
        “Manter em estoque”: quando um {word} marcado chega a {LOW_STOCK_THRESHOLD} unidades ou
        menos, a peça aparece no cartão Estoque baixo do Painel. Os outros contam só pela soma da
        peça.
      </p>
      <p className="text-xs text-muted">
        Cada {word} novo começa com 0 unidades. O estoque é contado por {word}: ajuste cada um em
        “Ajustar estoque”. O preço é o mesmo para todos.
      </p>

      {(errors.variacoes || formError) && (
        <p role="alert" className="rounded-xl bg-rose-soft/60 px-4 py-3 text-sm text-ink">
          {errors.variacoes ?? formError}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {onCancelStart && (
          <Button variant="ghost" onClick={onCancelStart}>
            Cancelar
          </Button>
        )}
        <Button
          variant="gold"
          disabled={save.isPending || !changed || (wasPlain && drafts.length === 0)}
          onClick={() => save.mutate(variationsBody(axis, drafts))}
        >
          {save.isPending ? 'Salvando…' : 'Salvar variações'}
        </Button>
        {changed && !save.isPending && (
          <p className="text-sm text-muted" aria-live="polite">
            Alterações não salvas.
          </p>
        )}
      </div>

      <AdjustStockDialog
        open={adjusted !== null}
        onOpenChange={(open) => {
          if (!open) setAdjusting(null);
        }}
        initialProduct={
          adjusted
            ? {
                id: product.id,
                nome: product.nome,
                estoque: product.estoque,
                nome_variacao: product.nome_variacao,
                variacoes: product.variacoes.map((v) => ({
                  id: v.id,
                  nome: v.nome,
                  estoque: v.estoque,
                })),
              }
            : null
        }
        initialVariationId={adjusted?.id ?? null}
      />
    </div>
  );
}
