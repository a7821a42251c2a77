/**
 * A search asked for by the address: '?busca=anel' on any page fills the header's search box
 * with the text and opens its dropdown (older links, and the SearchAction the home named before
 * the results page existed). Like the drawers' requests (drawer-requests.ts), the box takes it
 * out of the address once read.
 */
export const SEARCH_PARAM = 'busca';

/**
 * The search's results page, /busca?q=texto (docs/search-contract.md): the home page's
 * schema.org WebSite names it as the store's SearchAction (head-tags.ts), so a search engine or
 * an assistant can send a shopper straight to the results.
 */
export const SEARCH_RESULTS_PATH = '/busca';
