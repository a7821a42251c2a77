import {
  CATEGORIES,
  CATEGORY_PAGE_SIZE,
  findCategory,
  HOME_FEATURED_RENEW_SECONDS,
} from '@semijoias/domain/catalog';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import {
  bestSellersQuery,
  carouselProductsQuery,
  featuredProductsQuery,
} from '@/features/home/api/home-products';
import { categoryProductsQuery } from '@/features/catalog/api/get-category-products';
import { categoryFacetsQuery, searchFacetsQuery } from '@/features/catalog/api/listing-facets';
import { productQuery } from '@/features/catalog/api/get-product';
import { searchPageQuery } from '@/features/catalog/api/search-page';
import {
  LISTING_PAGE_PARAMS,
  readListing,
  SEARCH_PARAM,
} from '@/features/catalog/listing/listing-url';
import { PageLoading } from '@/ui/PageLoading';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout } from './shell/RootLayout';

// Every page is its own chunk. React.lazy rather than the router's `lazy`: the shell (banner,
// header, footer) paints at once on the first visit instead of waiting for the page's code,
// and navigations run in a transition, so the current page stays until the next one is ready.
const HomePage = lazy(() =>
  import('@/features/home/HomePage').then((m) => ({ default: m.HomePage })),
);
const CategoryPage = lazy(() =>
  import('@/features/catalog/pages/CategoryPage').then((m) => ({ default: m.CategoryPage })),
);
const SearchPage = lazy(() =>
  import('@/features/catalog/pages/SearchPage').then((m) => ({ default: m.SearchPage })),
);
const ProductPage = lazy(() =>
  import('@/features/catalog/pages/ProductPage').then((m) => ({ default: m.ProductPage })),
);
const AboutPage = lazy(() =>
  import('@/features/about/AboutPage').then((m) => ({ default: m.AboutPage })),
);
const RegisterPage = lazy(() =>
  import('@/features/auth/pages/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const VerifyEmailPage = lazy(() =>
  import('@/features/auth/pages/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
);
const ResendVerificationPage = lazy(() =>
  import('@/features/auth/pages/ResendVerificationPage').then((m) => ({
    default: m.ResendVerificationPage,
  })),
);
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/pages/ForgotPasswordPage').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const CheckoutPage = lazy(() =>
  import('@/features/checkout/CheckoutPage').then((m) => ({ default: m.CheckoutPage })),
);
const FavouritesPage = lazy(() =>
  import('@/features/favourites/FavouritesPage').then((m) => ({ default: m.FavouritesPage })),
);
const AccountPage = lazy(() =>
  import('@/features/account/AccountPage').then((m) => ({ default: m.AccountPage })),
);
// The owners' back office: its own chunk and frame, never downloaded by a shopper.
const AdminApp = lazy(() =>
  import('@/features/admin/AdminApp').then((m) => ({ default: m.AdminApp })),
);
const ConfirmEmailChangePage = lazy(() =>
  import('@/features/account/pages/EmailChangePages').then((m) => ({
    default: m.ConfirmEmailChangePage,
  })),
);
const NotMePage = lazy(() =>
  import('@/features/account/pages/EmailChangePages').then((m) => ({ default: m.NotMePage })),
);
const UnsubscribePage = lazy(() =>
  import('@/features/auth/pages/UnsubscribePage').then((m) => ({ default: m.UnsubscribePage })),
);
const OrderReturnPage = lazy(() =>
  import('@/features/orders/OrderReturnPage').then((m) => ({ default: m.OrderReturnPage })),
);
const ReviewOrderPage = lazy(() =>
  import('@/features/reviews/ReviewOrderPage').then((m) => ({ default: m.ReviewOrderPage })),
);

/**
 * A public page is rendered on the server (HTML that carries the page, for phones, search
 * engines and link previews) and hydrated here. Cart, checkout and account pages stay
 * client-side: they have nothing to show before the shopper's own data.
 */
export interface ServerRendered {
  /** The page's source module: the server hints its chunk (modulepreload) in the HTML. */
  module?: string;
  /** Fills the query cache with what the page shows, before it is rendered. */
  prefetch?: (
    client: QueryClient,
    at: { params: Record<string, string | undefined>; search: URLSearchParams },
  ) => Promise<unknown>;
  /**
   * The page is the same for every visitor, given its path and these query parameters (none of
   * them the shopper's): the server may keep its HTML until the catalog or the payment settings
   * change, and at most `renewSeconds` when given. A URL with any other parameter is rendered
   * afresh.
   */
  shared?: { query: readonly string[]; renewSeconds?: number };
}

export function serverRendered(handle: unknown): ServerRendered | null {
  return handle && typeof handle === 'object' && 'ssr' in handle
    ? (handle as { ssr: ServerRendered }).ssr
    : null;
}

/** ?pagina=n as the category and search pages read it. */
function categoryOffset(search: URLSearchParams): number {
  const page = Number(search.get('pagina'));
  return Number.isInteger(page) && page >= 1 ? (page - 1) * CATEGORY_PAGE_SIZE : 0;
}

/** ?q= as the search's page reads it (trimmed, spaces collapsed). */
function searchText(search: URLSearchParams): string {
  return (search.get(SEARCH_PARAM) ?? '').replace(/\s+/g, ' ').trim();
}

const homeSsr: ServerRendered = {
  module: 'src/features/home/HomePage.tsx',
  // The most visited page, rendered once for everyone: its featured pieces (the API's random
  // draw, SPEC §2) are drawn again every minute, not for each visitor (a render cost 15-20 ms of
  // the server's CPU a visit).
  shared: { query: [], renewSeconds: HOME_FEATURED_RENEW_SECONDS },
  prefetch: (client) =>
    Promise.all([
      client.prefetchQuery(carouselProductsQuery()),
      client.prefetchQuery(featuredProductsQuery()),
      client.prefetchQuery(bestSellersQuery()),
    ]),
};

/**
 * SPEC §2 routes. /redefinir-senha without its token segment shows the page's "token not found"
 * message rather than a 404. /carrinho and /popup exist with no content of their own
 * (SPEC): they show the home, where the cart drawer and the popup will open.
 */
export const routes: RouteObject[] = [
  {
    path: '/admin/*',
    element: (
      <Suspense fallback={<PageLoading />}>
        <AdminApp />
      </Suspense>
    ),
  },
  {
    path: '/',
    // The shell catches a page's errors, so header and footer stay usable.
    element: <RootLayout />,
    children: [
      {
        children: [
          { index: true, element: <HomePage />, handle: { ssr: homeSsr } },
          { path: 'carrinho', element: <HomePage /> },
          { path: 'popup', element: <HomePage /> },
          ...CATEGORIES.map((category) => ({
            path: category.slug,
            element: <CategoryPage slug={category.slug} />,
            handle: {
              ssr: {
                module: 'src/features/catalog/pages/CategoryPage.tsx',
                // Its page, sort and filters: the same HTML for everyone who asks them.
                shared: { query: LISTING_PAGE_PARAMS },
                prefetch: (client, { search }) => {
                  const found = findCategory(category.slug);
                  return found
                    ? Promise.all([
                        client.prefetchQuery(
                          categoryProductsQuery(found, categoryOffset(search), readListing(search)),
                        ),
                        client.prefetchQuery(categoryFacetsQuery(found.slug)),
                      ])
                    : Promise.resolve();
                },
              } satisfies ServerRendered,
            },
          })),
          {
            path: 'busca',
            element: <SearchPage />,
            handle: {
              ssr: {
                module: 'src/features/catalog/pages/SearchPage.tsx',
                // The same for everyone who searches these words: kept as a category's page is.
                shared: { query: [SEARCH_PARAM, ...LISTING_PAGE_PARAMS] },
                prefetch: (client, { search }) => {
                  const text = searchText(search);
                  return text
                    ? Promise.all([
                        client.prefetchQuery(
                          searchPageQuery(text, categoryOffset(search), readListing(search)),
                        ),
                        client.prefetchQuery(searchFacetsQuery(text)),
                      ])
                    : Promise.resolve();
                },
              } satisfies ServerRendered,
            },
          },
          { path: 'produto', element: <ProductPage /> },
          {
            path: 'produto/:id',
            element: <ProductPage />,
            handle: {
              ssr: {
                module: 'src/features/catalog/pages/ProductPage.tsx',
                // The chosen size is part of the page: kept once per size.
                shared: { query: ['variacao'] },
                prefetch: (client, { params }) => {
                  const id = Number(params.id);
                  return Number.isInteger(id) && id > 0
                    ? Promise.all([
                        client.prefetchQuery(productQuery(id)),
                        // The newest reviews' first page: the section, the summary, the JSON-LD.
                        // Imported here (only the server prefetches): the product page's chunk
                        // carries it, not every page's entry (the home's 120 KB).
                        import('@/features/catalog/api/get-product-reviews').then((reviews) =>
                          client.prefetchQuery(reviews.productReviewsQuery(id)),
                        ),
                      ])
                    : Promise.resolve();
                },
              } satisfies ServerRendered,
            },
          },
          {
            path: 'sobre-nos',
            element: <AboutPage />,
            handle: {
              ssr: {
                module: 'src/features/about/AboutPage.tsx',
                shared: { query: [] },
              } satisfies ServerRendered,
            },
          },
          { path: 'cadastro', element: <RegisterPage /> },
          { path: 'verificar-email', element: <VerifyEmailPage /> },
          { path: 'reenviar-verificacao', element: <ResendVerificationPage /> },
          { path: 'esqueci-senha', element: <ForgotPasswordPage /> },
          { path: 'redefinir-senha', element: <ResetPasswordPage /> },
          { path: 'redefinir-senha/:token', element: <ResetPasswordPage /> },
          { path: 'usuario', element: <AccountPage /> },
          { path: 'confirmar-email', element: <ConfirmEmailChangePage /> },
          { path: 'nao-fui-eu', element: <NotMePage /> },
          { path: 'favoritos', element: <FavouritesPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'pedido/:reference', element: <OrderReturnPage /> },
          // The marketing e-mail's unsubscribe page (her token: client-side, not kept).
          { path: 'descadastrar', element: <UnsubscribePage /> },
          // Her review of her order's pieces, from the review e-mail's link (its token: client-side).
          { path: 'avaliar', element: <ReviewOrderPage /> },
          { path: '*', element: <NotFoundPage />, handle: { ssr: {} satisfies ServerRendered } },
        ],
      },
    ],
  },
];
