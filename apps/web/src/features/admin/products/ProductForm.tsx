import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CATEGORIES } from '@semijoias/domain/catalog';
import { PLATINGS } from '@semijoias/domain/listing';
import { FEED_COLOR_MAX, FEED_GENDERS, PLATING_FEED_COLOR } from '@semijoias/domain/product-feeds';
import {
  PRODUCT_COMPOSITIONS_MAX,
  defaultWeightGrams,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_PACKAGE_FIELDS,
} from '@semijoias/domain/product-form';

type PackageField = (typeof PRODUCT_PACKAGE_FIELDS)[number]['campo'];
import { Button } from '@/ui/Button';
import { inputClasses, TextField } from '@/ui/Field';
import { cx } from '@/ui/cx';
import { MAX_UNITS_PER_CUSTOMER_RANGE } from '@semijoias/domain/purchase-limits';
import { purchaseLimitsQuery } from '../payments/purchase-limits-api';
import { productListQuery, type AdminProduct } from './products-api';

/** What the form sends (docs/admin/products.md); `estoque_visto` only on an edit. */
export interface ProductFormBody {
  nome: string;
  categoria: string;
  preco: string;
  preco_original: string | null;
  descricao: string;
  novo: boolean;
  promocao: boolean;
  peso_gramas: string;
  /** The package's measures in cm, as typed; '' for the category's box in 'Frete'. */
  largura_cm: string;
  altura_cm: string;
  comprimento_cm: string;
  estoque: string;
  estoque_visto?: number;
  /** 'Banho / material': a PLATINGS code, '' for none. */
  banho: string;
  composicoes: number[];
  /** As typed; null (empty) for the store's default. */
  maximo_por_cliente: string | null;
  /** The shopping catalogs (issue 37): '' for its plating's colour. */
  cor_catalogo: string;
  /** 'female' | 'male' | 'unisex'; '' for the store's default (Feminino). */
  genero_catalogo: string;
  fora_dos_catalogos: boolean;
}

interface Piece {
  id: number;
  nome: string;
}

/** '129.90' → '129,90', as she types prices. */
const typedPrice = (decimal: string | null) => (decimal ? decimal.replace('.', ',') : '');

/**
 * The product's fields. The server decides (domain's validateProductForm); its field errors
 * show under each field. On an edit the stock she saw travels with the new one, so a sale made
 * meanwhile is never overwritten.
 */
export function ProductForm({
  product,
  errors,
  saving,
  submitLabel,
  onSubmit,
}: {
  product?: AdminProduct;
  errors: Record<string, string>;
  saving: boolean;
  submitLabel: string;
  onSubmit: (body: ProductFormBody) => void;
}) {
  const [nome, setNome] = useState(product?.nome ?? '');
  const [categoria, setCategoria] = useState(product?.categoria ?? '');
  const [preco, setPreco] = useState(typedPrice(product?.preco ?? null));
  const [promocao, setPromocao] = useState(product?.promocao ?? false);
  const [precoOriginal, setPrecoOriginal] = useState(typedPrice(product?.preco_original ?? null));
  const [novo, setNovo] = useState(product?.novo ?? true);
  const [descricao, setDescricao] = useState(product?.descricao ?? '');
  // A new piece's weight follows its category until the owner types one (a ring 10 g, a
  // necklace 20 g: packages/domain's defaultWeightGrams).
  const [peso, setPeso] = useState(product ? String(product.peso_gramas) : '');
  const [pesoTyped, setPesoTyped] = useState(Boolean(product));
  // Its package (issue 35): blank for the category's box on 'Frete'.
  const [medidas, setMedidas] = useState<Record<PackageField, string>>(() => ({
    largura_cm: product?.largura_cm == null ? '' : String(product.largura_cm),
    altura_cm: product?.altura_cm == null ? '' : String(product.altura_cm),
    comprimento_cm: product?.comprimento_cm == null ? '' : String(product.comprimento_cm),
  }));
  const [estoque, setEstoque] = useState(String(product?.estoque ?? 0));
  // The stock as this form first showed it, kept even if the product is read again meanwhile.
  const [stockSeen] = useState(product?.estoque);
  const [maxPerCustomer, setMaxPerCustomer] = useState(
    product?.maximo_por_cliente == null ? '' : String(product.maximo_por_cliente),
  );
  // The store's default, for 'Padrão da loja (N)'.
  const storeMax = useQuery(purchaseLimitsQuery).data?.limites.maximo_por_cliente;
  const [pieces, setPieces] = useState<Piece[]>(
    product?.composicoes.map((c) => ({ id: c.id, nome: c.nome })) ?? [],
  );
  const [banho, setBanho] = useState(product?.banho ?? '');
  const [corCatalogo, setCorCatalogo] = useState(product?.cor_catalogo ?? '');
  const [generoCatalogo, setGeneroCatalogo] = useState(product?.genero_catalogo ?? '');
  const [foraDosCatalogos, setForaDosCatalogos] = useState(product?.fora_dos_catalogos ?? false);
  const genderId = useId();
  const categoryId = useId();
  const platingId = useId();
  const descriptionId = useId();
  const bySize = Boolean(product && product.nome_variacao !== null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({
      nome,
      categoria,
      preco,
      preco_original: promocao ? precoOriginal : null,
      descricao,
      novo,
      promocao,
      peso_gramas: peso,
      ...medidas,
      banho,
      // A piece sold by size: its stock is the sum of its sizes, never typed here.
      estoque: bySize ? String(stockSeen ?? 0) : estoque,
      ...(stockSeen === undefined ? {} : { estoque_visto: stockSeen }),
      composicoes: pieces.map((p) => p.id),
      maximo_por_cliente: maxPerCustomer.trim() === '' ? null : maxPerCustomer.trim(),
      cor_catalogo: corCatalogo,
      genero_catalogo: generoCatalogo,
      fora_dos_catalogos: foraDosCatalogos,
    });
  };
  const platingColor = PLATING_FEED_COLOR[banho as keyof typeof PLATING_FEED_COLOR] as
    string | undefined;
  const storeDefault = storeMax === undefined ? 'Padrão da loja' : `Padrão da loja (${storeMax})`;

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <TextField
        label="Nome"
        value={nome}
        onChange={(e) => setNome(e.target.value)}
        maxLength={PRODUCT_NAME_MAX_LENGTH}
        error={errors.nome}
        autoComplete="off"
      />
      <div>
        <label htmlFor={categoryId} className="mb-1.5 block text-sm font-medium text-ink-soft">
          Categoria
        </label>
        <select
          id={categoryId}
          value={categoria}
          onChange={(e) => {
            setCategoria(e.target.value);
            if (!pesoTyped)
              setPeso(e.target.value ? String(defaultWeightGrams(e.target.value)) : '');
          }}
          aria-invalid={errors.categoria ? true : undefined}
          aria-describedby={errors.categoria ? `${categoryId}-error` : undefined}
          className={inputClasses}
        >
          <option value="">Escolha</option>
          {CATEGORIES.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
        {errors.categoria && (
          <p id={`${categoryId}-error`} className="mt-1.5 text-sm text-rose">
            {errors.categoria}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={platingId} className="mb-1.5 block text-sm font-medium text-ink-soft">
          Banho / material <span className="font-normal text-muted">(opcional)</span>
        </label>
        <select
          id={platingId}
          value={banho}
          onChange={(e) => setBanho(e.target.value)}
          aria-invalid={errors.banho ? true : undefined}
          aria-describedby={`${platingId}-hint${errors.banho ? ` ${platingId}-error` : ''}`}
          className={inputClasses}
        >
          <option value="">Não informado</option>
          {PLATINGS.map((p) => (
            <option key={p.code} value={p.code}>
              {p.label}
            </option>
          ))}
        </select>
        <p id={`${platingId}-hint`} className="mt-1.5 text-xs text-muted">
          As clientes filtram as categorias e a busca por ele.
        </p>
        {errors.banho && (
          <p id={`${platingId}-error`} className="mt-1.5 text-sm text-rose">
            {errors.banho}
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Preço (R$)"
          inputMode="decimal"
          value={preco}
          onChange={(e) => setPreco(e.target.value)}
          placeholder="129,90"
          error={errors.preco}
        />
        <TextField
          label="Peso (gramas)"
          inputMode="numeric"
          value={peso}
          onChange={(e) => {
            setPeso(e.target.value);
            setPesoTyped(true);
          }}
          error={errors.peso_gramas}
          hint="Usado no cálculo do frete."
        />
      </div>
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-ink-soft">
          Embalagem (opcional)
        </legend>
        <p className="mb-2 text-xs text-muted">
          Em branco: a caixa da categoria, definida na página Frete. Usada nas cotações e etiquetas
          do Melhor Envio.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          {PRODUCT_PACKAGE_FIELDS.map((field) => (
            <TextField
              key={field.campo}
              label={field.label}
              inputMode="numeric"
              value={medidas[field.campo]}
              onChange={(e) => setMedidas((m) => ({ ...m, [field.campo]: e.target.value }))}
              error={errors[field.campo]}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Check label="NOVO (mostra o selo)" checked={novo} onChange={setNovo} />
        <Check label="PROMOÇÃO" checked={promocao} onChange={setPromocao} />
      </div>
      {promocao && (
        <TextField
          label="Preço original, riscado (R$)"
          inputMode="decimal"
          value={precoOriginal}
          onChange={(e) => setPrecoOriginal(e.target.value)}
          placeholder="159,90"
          error={errors.preco_original}
        />
      )}
      <div>
        <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-medium text-ink-soft">
          Descrição
        </label>
        <textarea
          id={descriptionId}
          value={descricao}
          onChange={(e) => setDescricao(e.target.value)}
          rows={5}
          maxLength={PRODUCT_DESCRIPTION_MAX_LENGTH}
          aria-invalid={errors.descricao ? true : undefined}
          className={cx(inputClasses, 'py-3')}
        />
        {errors.descricao && <p className="mt-1.5 text-sm text-rose">{errors.descricao}</p>}
      </div>
      {bySize && product ? (
        <div>
          <p className="mb-1.5 block text-sm font-medium text-ink-soft">Estoque (unidades)</p>
          <p
            className="flex min-h-12 items-center rounded-xl border border-line bg-cream/60 px-4 text-[1rem] tabular-nums text-ink-soft"
            data-testid="stock-sum"
          >
            {product.estoque} no total
          </p>
          <p className="mt-1.5 text-xs text-muted">
            O estoque desta peça é por{' '}
            {(product.nome_variacao ?? 'tamanho').toLocaleLowerCase('pt-BR')}: é a soma dos
            tamanhos. Ajuste cada um em Variações ou em Estoque.
          </p>
          {errors.estoque && <p className="mt-1.5 text-sm text-rose">{errors.estoque}</p>}
        </div>
      ) : (
        <TextField
          label="Estoque (unidades)"
          inputMode="numeric"
          value={estoque}
          onChange={(e) => setEstoque(e.target.value)}
          error={errors.estoque ?? errors.estoque_visto}
          hint={
            product
              ? `Era ${stockSeen ?? product.estoque} ao abrir. Se uma venda mudar o estoque enquanto você edita, avisamos antes de salvar.`
              : undefined
          }
        />
      )}
      <TextField
        className="sm:max-w-xs"
        label="Máximo por cliente"
        inputMode="numeric"
        value={maxPerCustomer}
        onChange={(e) => setMaxPerCustomer(e.target.value)}
        placeholder={storeDefault}
        maxLength={3}
        error={errors.maximo_por_cliente}
        hint={`Unidades desta peça (somando os tamanhos) que uma cliente pode ter em pedidos aguardando pagamento, de ${MAX_UNITS_PER_CUSTOMER_RANGE.min} a ${MAX_UNITS_PER_CUSTOMER_RANGE.max}. Vazio: ${storeDefault.toLocaleLowerCase('pt-BR')}.`}
        data-testid="campo-maximo-por-cliente"
      />
      <fieldset className="min-w-0 rounded-2xl border border-line p-4" data-testid="catalogos">
        <legend className="px-1 text-sm font-medium text-ink-soft">
          Catálogos do Google e Instagram
        </legend>
        <p className="mb-3 text-xs text-muted">
          Como a peça aparece no Google Shopping e na loja do Instagram (página Canais de venda). Em
          branco, valem os padrões.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Cor (catálogos)"
            value={corCatalogo}
            onChange={(e) => setCorCatalogo(e.target.value)}
            maxLength={FEED_COLOR_MAX}
            placeholder={platingColor ?? 'Ex.: Dourado'}
            error={errors.cor_catalogo}
            autoComplete="off"
            hint={
              platingColor
                ? `Vazio: ${platingColor}, pelo banho. Mais de uma cor: Dourado/Verde.`
                : 'Vazio: a cor do banho (escolha o banho acima). Mais de uma cor: Dourado/Verde.'
            }
          />
          <div>
            <label htmlFor={genderId} className="mb-1.5 block text-sm font-medium text-ink-soft">
              Gênero (catálogos)
            </label>
            <select
              id={genderId}
              value={generoCatalogo}
              onChange={(e) => setGeneroCatalogo(e.target.value)}
              aria-invalid={errors.genero_catalogo ? true : undefined}
              aria-describedby={errors.genero_catalogo ? `${genderId}-error` : undefined}
              className={inputClasses}
            >
              <option value="">Padrão (Feminino)</option>
              {FEED_GENDERS.map((g) => (
                <option key={g.code} value={g.code}>
                  {g.label}
                </option>
              ))}
            </select>
            {errors.genero_catalogo && (
              <p id={`${genderId}-error`} className="mt-1.5 text-sm text-rose">
                {errors.genero_catalogo}
              </p>
            )}
          </div>
        </div>
        <div className="mt-2">
          <Check
            label="Não enviar aos catálogos do Google e Instagram"
            checked={foraDosCatalogos}
            onChange={setForaDosCatalogos}
          />
          {errors.fora_dos_catalogos && (
            <p className="mt-1.5 text-sm text-rose">{errors.fora_dos_catalogos}</p>
          )}
        </div>
      </fieldset>
      <LookPicker
        selfId={product?.id}
        pieces={pieces}
        onChange={setPieces}
        error={errors.composicoes}
      />
      <div className="pt-2">
        <Button type="submit" variant="gold" disabled={saving} className="w-full sm:w-auto">
          {saving ? 'Salvando…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2.5 text-sm text-ink">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 accent-gold-dark"
      />
      {label}
    </label>
  );
}

/** 'Complete o Look': pieces searched in the catalog (hidden ones too), in the chosen order. */
function LookPicker({
  selfId,
  pieces,
  onChange,
  error,
}: {
  selfId?: number;
  pieces: Piece[];
  onChange: (pieces: Piece[]) => void;
  error?: string;
}) {
  const [typed, setTyped] = useState('');
  const [busca, setBusca] = useState('');
  const searchId = useId();
  const found = useQuery({ ...productListQuery({ busca }), enabled: busca.length > 0 });
  const full = pieces.length >= PRODUCT_COMPOSITIONS_MAX;
  const choices = (found.data?.produtos ?? []).filter(
    (p) => p.id !== selfId && !pieces.some((c) => c.id === p.id),
  );

  return (
    <fieldset className="min-w-0 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-medium text-ink-soft">
        Complete o Look ({pieces.length} de {PRODUCT_COMPOSITIONS_MAX})
      </legend>
      {pieces.length > 0 && (
        <ul className="mb-3 grid grid-cols-[minmax(0,1fr)] gap-2">
          {pieces.map((p) => (
            <li
              key={p.id}
              className="flex items-center justify-between gap-2 rounded-xl bg-cream px-3 py-1.5 text-sm"
            >
              <span className="min-w-0 truncate">{p.nome}</span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange(pieces.filter((c) => c.id !== p.id))}
                aria-label={`Tirar ${p.nome} do Complete o Look`}
              >
                Tirar
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <label htmlFor={searchId} className="sr-only">
          Buscar peça para o Complete o Look
        </label>
        <input
          id={searchId}
          type="search"
          value={typed}
          disabled={full}
          placeholder={full ? 'Limite de peças atingido' : 'Buscar peça pelo nome'}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setBusca(typed.trim());
            }
          }}
          className={inputClasses}
        />
        <Button variant="outline" disabled={full} onClick={() => setBusca(typed.trim())}>
          Buscar
        </Button>
      </div>
      {busca && !full && (
        <ul className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-1" aria-label="Peças encontradas">
          {found.isPending ? (
            <li className="px-1 text-sm text-muted">Buscando…</li>
          ) : choices.length === 0 ? (
            <li className="px-1 text-sm text-muted">Nenhuma peça encontrada.</li>
          ) : (
            choices.slice(0, 8).map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => onChange([...pieces, { id: p.id, nome: p.nome }])}
                  className="flex min-h-11 w-full items-center justify-between gap-2 rounded-xl px-3 text-left text-sm hover:bg-cream focus-visible:outline-2 focus-visible:outline-gold-dark"
                >
                  <span className="min-w-0 truncate">
                    {p.nome} <span className="text-muted">· {p.categoria}</span>
                  </span>
                  <span className="shrink-0 font-medium text-gold-dark">Adicionar</span>
                </button>
              </li>
            ))
          )}
        </ul>
      )}
      {error && <p className="mt-2 text-sm text-rose">{error}</p>}
    </fieldset>
  );
}
