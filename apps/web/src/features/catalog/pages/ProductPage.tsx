import { CATEGORIES, stockShown, VARIATION_PARAM } from '@semijoias/domain/catalog';
import {
  DEFAULT_MAX_UNITS_PER_CUSTOMER,
  maxPerCustomerNote,
} from '@semijoias/domain/purchase-limits';
import { formatBRL, toCents } from '@semijoias/domain/money';
import { isVariationSoldOut } from '@semijoias/domain/variations';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '@/lib/api';
import { rememberMaxPerCustomer } from '@/lib/cart/purchase-limits';
import { keepScrollState } from '@/lib/keep-scroll';
import { usePageHead, type PageHead } from '@/lib/page-head';
import { useStoreSettings } from '@/lib/store-settings';
import {
  hasVariations,
  isFullProduct,
  priceCents,
  productPath,
  productRating,
  readProductLinkState,
  type Product,
  type ProductLinkState,
  type ProductRating,
  type ProductSummary,
  type Variation,
} from '@/lib/product';
import { ProductBadges } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { FavouriteButton } from '@/ui/favourites/FavouriteButton';
import { ShieldIcon, TruckIcon, ChatIcon } from '@/ui/icons';
import { NotFoundView } from '@/ui/NotFoundView';
import { PaymentTerms } from '@/ui/PaymentTerms';
import { Price } from '@/ui/Price';
import { ProductCard } from '@/ui/ProductCard';
import { Skeleton } from '@/ui/Spinner';
import { lazyOnSight } from '@/ui/lazy-on-sight';
import { markWhileOffscreen } from '@/ui/whatsapp/buy-buttons';
import { useProduct } from '../api/get-product';
import { type ProductReviewsPage } from '../api/get-product-reviews';
import { useProductReviews } from '../api/use-product-reviews';
import { AddToCartButton } from '../components/AddToCartButton';
import { ProductGallery } from '../components/ProductGallery';
import { SizeGuideButton } from '../components/SizeGuideButton';
import { offersStockAlert } from '../components/stock-alert-offer';
import { VariationPicker } from '../components/VariationPicker';
import { WhatsappBuyButton } from '../components/WhatsappBuyButton';
import { RatingSummary, REVIEWS_SECTION_ID } from '../reviews/RatingSummary';

// The form (and its field, its texts) loads only for a piece or size that is sold out.
const StockAlert = lazy(() =>
  import('../components/StockAlert').then((m) => ({ default: m.StockAlert })),
);

// 'Avaliações' lies below the fold: on the server's page its HTML stands until it is near the
// screen (or her first move), then its code loads and hydrates it (ui/lazy-on-sight.tsx).
const ReviewsSection = lazyOnSight(REVIEWS_SECTION_ID, () =>
  import('../reviews/ReviewsSection').then((m) => m.ReviewsSection),
);

/** The chosen size of a piece sold by size travels in the URL: a shared link opens it chosen. */

/** The size `?variacao=` names, when the product has it and it can be bought. */
function chosenVariation(variations: readonly Variation[], search: string): Variation | null {
  const raw = new URLSearchParams(search).get(VARIATION_PARAM);
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const found = variations.find((v) => v.id === Number(raw));
  return found && !isVariationSoldOut(found) ? found : null;
}

/**
 * /produto (SPEC §2: the product comes in navigation state) and /produto/:id (the shareable
 * URL). A card's link carries the product, so the page renders at once and then refreshes it
 * from GET /api/produtos/detalhes/{id}/.
 */
export function ProductPage() {
  const { id: idParam } = useParams();
  const location = useLocation();
  const fromState = readProductLinkState(location.state);

  if (idParam === undefined) {
    if (!fromState) return <NotFoundView />;
    const state: ProductLinkState = { product: fromState };
    return <Navigate to={productPath(fromState.id)} state={state} replace />;
  }

  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) return <ProductNotFound />;
  return <ProductDetails key={id} id={id} initial={fromState?.id === id ? fromState : null} />;
}

function ProductDetails({ id, initial }: { id: number; initial: ProductSummary | null }) {
  const query = useProduct(id);
  const product: ProductSummary | Product | null = query.data ?? initial;
  // The newest reviews' first page: the server rendered the page with it (router.tsx).
  const reviews = useProductReviews(id).data?.pages[0] ?? null;
  const rating = reviewsRating(product, reviews);
  const location = useLocation();
  const { brand } = useStoreSettings();
  usePageHead(productHead(id, product, query.isError, rating, reviews, location.search, brand));
  const navigate = useNavigate();
  const [missingVariation, setMissingVariation] = useState(false);
  const sizesRef = useRef<HTMLDivElement>(null);
  // Her most units of this piece (all sizes): the cart stops there too, so it is kept for it.
  const maxPerCustomer = query.data?.maximo_por_cliente;
  useEffect(() => {
    if (maxPerCustomer !== undefined) rememberMaxPerCustomer(id, maxPerCustomer);
  }, [id, maxPerCustomer]);

  if (query.isError && isApiError(query.error) && query.error.isNotFound)
    return <ProductNotFound />;
  if (!product) {
    if (query.isError) {
      return (
        <EmptyState
          as="h1"
          title="Não foi possível carregar esta joia"
          action={
            <Button onClick={() => void query.refetch()} variant="primary">
              Tentar novamente
            </Button>
          }
        >
          <p>Verifique sua conexão e tente de novo.</p>
        </EmptyState>
      );
    }
    return <ProductSkeleton />;
  }

  const category = CATEGORIES.find((c) => c.name === product.category);
  const full = isFullProduct(product) ? product : null;
  // A piece sold by size shows its sizes; the chosen one is the URL's ?variacao=.
  const variations = full?.variacoes ?? [];
  const axis = full?.nome_variacao ?? null;
  const bySize = hasVariations(product);
  const chosen = chosenVariation(variations, location.search);
  const stock = chosen ? chosen.estoque : product.estoque;
  // 'Últimas unidades' or 'Em estoque' (the piece's, or the chosen size's); none when sold out.
  const shown = stock === undefined ? undefined : stockShown(stock);
  const lastUnits = shown === 'ultimas-unidades';

  function choose(variation: Variation) {
    const params = new URLSearchParams(location.search);
    params.set(VARIATION_PARAM, String(variation.id));
    setMissingVariation(false);
    // Replace, not push: the back button leaves the product rather than stepping through sizes.
    void navigate(
      { pathname: location.pathname, search: `?${params.toString()}` },
      { replace: true, state: keepScrollState(location.state) },
    );
  }

  function onMissingVariation() {
    setMissingVariation(true);
    const first = sizesRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)');
    first?.focus();
  }

  return (
    <>
      <div className="container-page pt-4 sm:pt-6">
        <nav aria-label="Trilha de navegação" className="text-xs text-muted">
          <ol className="flex min-w-0 items-center gap-2">
            <li>
              <Link to="/" className="hover:text-ink">
                Início
              </Link>
            </li>
            {category && (
              <>
                <li aria-hidden="true">/</li>
                <li>
                  <Link to={`/${category.slug}`} className="hover:text-ink">
                    {category.title}
                  </Link>
                </li>
              </>
            )}
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="truncate text-ink-soft">
              {product.name}
            </li>
          </ol>
        </nav>
      </div>

      <article className="container-page grid gap-6 py-5 sm:py-8 lg:grid-cols-2 lg:gap-14">
        <div className="lg:sticky lg:top-32 lg:self-start">
          <ProductGallery product={product} />
        </div>

        <div className="flex flex-col">
          <ProductBadges novo={product.novo} promocao={product.promocao} className="mb-3" />
          {category && <p className="eyebrow mb-1">{product.category}</p>}
          <div className="flex items-start justify-between gap-3">
            <h1
              data-testid="product-name"
              className="font-display text-[2rem] font-semibold leading-tight text-ink sm:text-4xl"
            >
              {product.name}
            </h1>
            <FavouriteButton product={product} variant="page" className="mt-0.5" />
          </div>
          <RatingSummary rating={rating} className="mt-1" />
          <Price
            product={product}
            size="lg"
            className={rating ? 'mt-1' : 'mt-3'}
            priceTestId="product-price"
          />
          <PaymentTerms
            amountCents={priceCents(product)}
            size="md"
            className="mt-2"
            testId="product-payment-terms"
          />
          <p className="mt-3 text-sm text-muted">Pagamento seguro em página protegida</p>

          {shown !== undefined && shown !== 'esgotado' && (
            <p className="mt-4 flex items-center gap-2 text-sm">
              <span
                aria-hidden="true"
                className={
                  lastUnits ? 'h-2 w-2 rounded-full bg-rose' : 'h-2 w-2 rounded-full bg-sage'
                }
              />
              <span className={lastUnits ? 'font-medium text-rose' : 'text-ink-soft'}>
                {lastUnits ? 'Últimas unidades' : 'Em estoque'}
              </span>
            </p>
          )}

          {bySize && variations.length > 0 && (
            <VariationPicker
              axis={axis}
              variations={variations}
              chosenId={chosen?.id ?? null}
              onChoose={choose}
              missing={missingVariation}
              groupRef={sizesRef}
              guide={<SizeGuideButton axis={axis} />}
            />
          )}

          {/* data-whatsapp-compra: the floating WhatsApp button keeps off these on a phone. */}
          <div className="mt-6" ref={markWhileOffscreen} data-whatsapp-compra="">
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <AddToCartButton
                product={product}
                variation={bySize ? { axis, chosen, onMissing: onMissingVariation } : undefined}
                maxPerCustomer={maxPerCustomer}
              />
              <WhatsappBuyButton product={product} axis={axis} chosen={chosen} />
            </div>
            {/* A piece with a tighter maximum than usual says so before she meets it. */}
            {maxPerCustomer !== undefined && maxPerCustomer < DEFAULT_MAX_UNITS_PER_CUSTOMER && (
              <p data-testid="product-max-per-customer" className="mt-3 text-sm text-ink-soft">
                {maxPerCustomerNote(maxPerCustomer)}
              </p>
            )}
          </div>
          {/* 'Avise-me quando chegar' for a sold-out piece or size. */}
          {offersStockAlert(product, variations) && (
            <Suspense fallback={null}>
              <StockAlert product={product} axis={axis} variations={variations} />
            </Suspense>
          )}

          <section aria-labelledby="descricao" className="mt-8 border-t border-line pt-6">
            <h2 id="descricao" className="font-display text-xl font-semibold">
              Descrição
            </h2>
            {full ? (
              <p className="mt-3 whitespace-pre-line text-[0.95rem] leading-relaxed text-ink-soft">
                {full.description}
              </p>
            ) : (
              <div className="mt-3 space-y-2" aria-hidden="true">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-11/12" />
                <Skeleton className="h-4 w-3/4" />
              </div>
            )}
          </section>

          <ul className="mt-8 grid gap-3 rounded-2xl border border-line bg-white/70 p-4 text-sm text-ink-soft sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            <li className="flex items-center gap-3">
              <TruckIcon className="shrink-0 text-gold" />
              Frete grátis acima de R$ 600
            </li>
            <li className="flex items-center gap-3">
              <ShieldIcon className="shrink-0 text-gold" />
              Compra 100% segura
            </li>
            <li className="flex items-center gap-3">
              <ChatIcon className="shrink-0 text-gold" />
              Atendimento de seg. a sex., 9h–18h
            </li>
          </ul>
        </div>
      </article>

      <ReviewsSection productId={id} />

      {full && full.composicoes.length > 0 && (
        // Its 'Adicionar' buttons too: the floating WhatsApp button keeps off them on a phone.
        <section
          aria-labelledby="complete-o-look"
          className="border-t border-line bg-cream/50 py-10 sm:py-14"
          ref={markWhileOffscreen}
          data-whatsapp-compra=""
        >
          <div className="container-page">
            <div className="mb-6 text-center sm:mb-8">
              <p className="eyebrow mb-2">Combine com</p>
              <h2 id="complete-o-look" className="font-display text-3xl font-semibold sm:text-4xl">
                Complete o Look
              </h2>
            </div>
            {/* Usually two or three pieces: centred rather than leaving holes in a 4-column grid. */}
            <div className="grid grid-cols-2 gap-3 sm:gap-5 md:flex md:flex-wrap md:justify-center">
              {full.composicoes.map((entry) => (
                <div key={entry.id} className="flex flex-col gap-2 md:w-64 lg:w-72">
                  <ProductCard product={entry.produto} className="flex-1" />
                  {/* Adding a piece of the look keeps the shopper here: the toast, not the popup. */}
                  <AddToCartButton product={entry.produto} confirm="toast" />
                </div>
              ))}
            </div>
          </div>
        </section>
      )}
    </>
  );
}

/**
 * Its reviews summed up: as the reviews' own answer says once it is here (the section below shows
 * the same), else as the product's answer (or the card's link) says; null without reviews.
 */
function reviewsRating(
  product: ProductSummary | null,
  reviews: ProductReviewsPage | null,
): ProductRating | null {
  if (reviews)
    return productRating({ avaliacao_media: reviews.media, avaliacoes_total: reviews.total });
  return product ? productRating(product) : null;
}

/** The product's head: what a link shared on WhatsApp shows, and what search engines read. */
function productHead(
  id: number,
  product: ProductSummary | Product | null,
  failed: boolean,
  rating: ProductRating | null,
  reviews: ProductReviewsPage | null,
  search: string,
  brand: string,
): PageHead {
  if (!product) return { title: failed ? 'Produto não encontrado' : null, noindex: true };
  const full = isFullProduct(product) ? product : null;
  // A link shared with her size chosen is that size's item (its stock, its catalog id).
  const chosen = chosenVariation(full?.variacoes ?? [], search);
  const images = [product.image, full?.img_pessoa, full?.image_carrossel].filter(
    (image): image is string => Boolean(image),
  );
  const cents = toCents(product.price);
  const price = cents === null ? '' : ` por ${formatBRL(cents)}`;
  return {
    title: product.name,
    description: `${product.name}${price}. ${full?.description ?? ''}`.trim(),
    path: productPath(id),
    image: product.image,
    mainImage: product.image,
    product: {
      id,
      name: product.name,
      description: full?.description ?? product.name,
      images,
      price: product.price,
      inStock: (product.estoque ?? 1) > 0,
      category: product.category,
      brand,
      ...(full?.nome_variacao && full.variacoes?.length
        ? {
            variations: {
              axis: full.nome_variacao,
              sizes: full.variacoes.map((v) => ({ id: v.id, name: v.nome, inStock: v.disponivel })),
            },
            chosenSizeId: chosen?.id ?? null,
          }
        : {}),
      // Only from approved reviews (the public call answers no other); none without reviews.
      ...(rating
        ? {
            rating,
            reviews: (reviews?.avaliacoes ?? []).map((review) => ({
              author: review.autora,
              date: review.data,
              stars: review.estrelas,
              title: review.titulo,
              body: review.texto,
            })),
          }
        : {}),
    },
  };
}

function ProductNotFound() {
  usePageHead({ title: 'Produto não encontrado', noindex: true, status: 404 });
  return (
    <NotFoundView title="Produto não encontrado">
      Esta joia não está mais disponível ou o link está incompleto. Veja as novidades da nossa
      coleção.
    </NotFoundView>
  );
}

function ProductSkeleton() {
  return (
    <div className="container-page grid gap-6 py-8 lg:grid-cols-2 lg:gap-14" aria-busy="true">
      <Skeleton className="aspect-square w-full rounded-2xl" />
      <div className="space-y-4">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-10 w-4/5" />
        <Skeleton className="h-8 w-32" />
        <Skeleton className="h-12 w-full rounded-full sm:w-72" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}
