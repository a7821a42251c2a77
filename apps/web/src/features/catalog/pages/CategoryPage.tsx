import { CATEGORY_PAGE_SIZE, findCategory, type Category } from '@semijoias/domain/catalog';
import type { ListingFilters } from '@semijoias/domain/listing';
import { useNavigate, useSearchParams } from 'react-router';
import { keepScrollState } from '@/lib/keep-scroll';
import { MovedTo, usePageHead } from '@/lib/page-head';
import { ButtonLink } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { NotFoundView } from '@/ui/NotFoundView';
import { useCategoryProducts } from '../api/get-category-products';
import { useListingFacets } from '../api/listing-facets';
import { pageSearch, readPage } from '../components/Pagination';
import { ListingFrame } from '../listing/ListingFrame';
import { listingSearch, readListing } from '../listing/listing-url';

export function CategoryPage({ slug }: { slug: Category['slug'] }) {
  const category = findCategory(slug);
  if (!category) return <NotFoundView />;
  return <CategoryListing category={category} />;
}

/**
 * /aneis (and the other three): the category's pieces, sorted and filtered as the address says
 * (?ordem=, ?banho=…: listing/listing-url.ts), rendered on the server.
 */
function CategoryListing({ category }: { category: Category }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const page = readPage(params.get('pagina'));
  const filters = readListing(params);
  const offset = (page - 1) * CATEGORY_PAGE_SIZE;
  const query = useCategoryProducts(category, offset, filters);
  const facets = useListingFacets({ slug: category.slug }).data;
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / CATEGORY_PAGE_SIZE)) : 1;
  const search = (n: number) => listingSearch([], filters, n);
  // A page past the end (an old link after the catalog shrank): go to the last one.
  const pastTheEnd =
    data &&
    !query.isPlaceholderData &&
    data.total > 0 &&
    data.results.length === 0 &&
    page > pageCount;
  const lastPage = `/${category.slug}${search(pageCount)}`;
  usePageHead({
    title: page > 1 ? `${category.title} – página ${page}` : category.title,
    description: `${category.description} Semijoias com garantia e envio para todo o Brasil.`,
    // A sorted or filtered page is the category's, for search engines.
    path: page > 1 ? `/${category.slug}${pageSearch(page)}` : `/${category.slug}`,
    image: `/media/site/categoria-${category.slug}.svg`,
    mainImage: data?.results[0]?.image,
    ...(pastTheEnd ? { redirect: lastPage } : {}),
  });
  if (pastTheEnd) return <MovedTo to={lastPage} />;

  // A new choice starts at its first page, where she is on the page; back undoes it.
  const onFiltersChange = (next: ListingFilters) =>
    void navigate({ search: listingSearch([], next) }, { state: keepScrollState(null) });

  return (
    <ListingFrame
      title={category.title}
      crumb={category.title}
      eyebrow="Coleção"
      description={category.description}
      label={`Produtos de ${category.title}`}
      query={query}
      data={data}
      errorTitle="Não foi possível carregar os produtos"
      empty={
        <EmptyState
          title={category.emptyText}
          action={
            <ButtonLink to="/" variant="primary" size="lg">
              Voltar para a página inicial
            </ButtonLink>
          }
        >
          <p>Novas peças chegam toda semana. Enquanto isso, que tal conhecer as outras coleções?</p>
        </EmptyState>
      }
      counterTestId="category-counter"
      page={page}
      pageCount={pageCount}
      pageSearch={search}
      filters={filters}
      facets={facets}
      onFiltersChange={onFiltersChange}
    />
  );
}
