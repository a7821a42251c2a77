/**
 * A search asked for by the address: '?busca=anel' on any page fills the header's search box
 * with the text and opens its results (the store has no results page: the box's dropdown is
 * it). The home page's schema.org WebSite names this address as the store's SearchAction
 * (page-head.ts), so a search engine or an assistant can send a shopper straight to results.
 * Like the drawers' requests (drawer-requests.ts), the box takes it out of the address once read.
 */
export const SEARCH_PARAM = 'busca';
