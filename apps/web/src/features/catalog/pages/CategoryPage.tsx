import {
  CATEGORY_PAGE_SIZE,
  findCategory,
  pageCounterText,
  type Category,
} from '@semijoias/domain/catalog';
import { Link, useSearchParams } from 'react-router';
import { MovedTo, usePageHead } from '@/lib/page-head';
import { Button, ButtonLink } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { NotFoundView } from '@/ui/NotFoundView';
import { ProductCardSkeleton, productGridClasses } from '@/ui/ProductCard';
import { Skeleton } from '@/ui/Spinner';
import { useCategoryProducts } from '../api/get-category-products';
import { Pagination, pageSearch, readPage } from '../components/Pagination';
import { ProductGrid } from '../components/ProductGrid';

export function CategoryPage({ slug }: { slug: Category['slug'] }) {
  const category = findCategory(slug);
  if (!category) return <NotFoundView />;
  return <CategoryListing category={category} />;
}

function CategoryListing({ category }: { category: Category }) {
  const [params] = useSearchParams();
  const page = readPage(params.get('pagina'));
  const offset = (page - 1) * CATEGORY_PAGE_SIZE;
  const query = useCategoryProducts(category, offset);
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / CATEGORY_PAGE_SIZE)) : 1;
  // A page past the end (an old link after the catalog shrank): go to the last one.
  const pastTheEnd =
    data &&
    !query.isPlaceholderData &&
    data.total > 0 &&
    data.results.length === 0 &&
    page > pageCount;
  const lastPage = `/${category.slug}${pageSearch(pageCount)}`;
  usePageHead({
    title: page > 1 ? `${category.title} – página ${page}` : category.title,
    description: `${category.description} Semijoias com garantia e envio para todo o Brasil.`,
    path: page > 1 ? `/${category.slug}${pageSearch(page)}` : `/${category.slug}`,
    image: `/media/site/categoria-${category.slug}.svg`,
    mainImage: data?.results[0]?.image,
    ...(pastTheEnd ? { redirect: lastPage } : {}),
  });
  if (pastTheEnd) return <MovedTo to={lastPage} />;

  return (
    <>
      <header className="border-b border-line bg-cream/60">
        <div className="container-page py-8 text-center sm:py-12">
          <nav aria-label="Trilha de navegação" className="mb-4 text-xs text-muted">
            <ol className="flex items-center justify-center gap-2">
              <li>
                <Link to="/" className="hover:text-ink">
                  Início
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="text-ink-soft">
                {category.title}
              </li>
            </ol>
          </nav>
          <p className="eyebrow mb-2">Coleção</p>
          <h1 className="font-display text-4xl font-semibold text-ink sm:text-5xl">
            {category.title}
          </h1>
          <p className="mx-auto mt-3 max-w-xl text-[0.95rem] leading-relaxed text-muted sm:text-base">
            {category.description}
          </p>
        </div>
      </header>

      <section
        aria-label={`Produtos de ${category.title}`}
        className="container-page py-6 sm:py-10"
      >
        {query.isPending ? (
          <>
            <Skeleton className="mb-5 h-5 w-48" />
            <div className={productGridClasses}>
              {Array.from({ length: 8 }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          </>
        ) : query.isError ? (
          <EmptyState
            title="Não foi possível carregar os produtos"
            action={
              <Button variant="primary" onClick={() => void query.refetch()}>
                Tentar novamente
              </Button>
            }
          >
            <p>Verifique sua conexão e tente de novo.</p>
          </EmptyState>
        ) : data && data.total === 0 ? (
          <EmptyState
            title={category.emptyText}
            action={
              <ButtonLink to="/" variant="primary" size="lg">
                Voltar para a página inicial
              </ButtonLink>
            }
          >
            <p>
              Novas peças chegam toda semana. Enquanto isso, que tal conhecer as outras coleções?
            </p>
          </EmptyState>
        ) : data ? (
          <>
            <p
              data-testid="category-counter"
              className="mb-5 text-sm text-muted"
              aria-live="polite"
            >
              {pageCounterText(data.offset, data.results.length, data.total)}
            </p>
            <ProductGrid products={data.results} dimmed={query.isPlaceholderData} />
            <Pagination page={page} pageCount={pageCount} />
          </>
        ) : null}
      </section>
    </>
  );
}
