/**
 * The store's texts that no rules module keeps, one module per subject in messages/ (all
 * re-exported here), and every "server answer -> message" rule as a pure function of a normalized
 * outcome:
 *
 *   { kind: 'response', status, data }  the server answered (any status; data is the JSON body)
 *   { kind: 'no-response' }             sent, but no answer (network down, timeout)
 *   { kind: 'other' }                   never sent (a bug or a setup error in the client)
 *
 * The web app builds the outcome from its HTTP client's error; nothing here does I/O. The texts
 * come from the SPEC (§8's error catalogue, §2, §5) and are kept exactly as it writes them,
 * accents and ellipses included, so the web app and the API share one copy.
 *
 * WHERE THE DOMAIN'S TEXTS LIVE (this is the one index; add a line when a module gains texts)
 *
 * In messages/, one module per subject, each re-exported below; a bundler puts a whole module in
 * one chunk, so a page loads only the subjects it uses (import them all the same way, from
 * '@semijoias/domain/messages'):
 *   reading.ts           reading a server answer: the outcome, the body's fields, a lost connection
 *   shell.ts             every page's frame: the header's account entry, adding to the cart
 *   api-errors.ts        any API call: the error handler's and the edge's texts
 *   catalog.ts           search, listing parameters, a product or a category that is not there
 *   cart.ts              the cart page and drawer, its payment button, the server cart's refusals
 *   shipping.ts          shipping and CEP: the quote, the postal-code lookup, api/calcular-frete/
 *   coupons.ts           applying a coupon in the cart, and the API's refusals
 *   checkout.ts          the checkout page, and the refusals of api/pay and api/pagamento
 *   payment.ts           PIX or card, the payment's failures, the payment link of an order
 *   orders.ts            an order she may not see, or may not pay
 *   accounts.ts          login, registration, e-mail verification, forgotten and reset password
 *   addresses.ts         address profiles: saving at checkout, the account's, the API's refusals
 *   back-office.ts       the admin API's refusals by screen, the payment settings
 *   demonstration.ts     the demonstration store (PAYMENT_PROVIDER=sandbox on purpose)
 *
 * Beside their rules, in their own module of src/:
 *   catalog.ts           the categories and their pages' texts, the page counter
 *   coupon.ts            the welcome coupon's offer ('Presente de boas-vindas'), as the page
 *                        after verification and the verification e-mail say it
 *   destination.ts       where she was going when she signed up (`destino`), store paths only
 *   shipping.ts          the free-shipping reason, the fallback quote's label (re-exported here)
 *   variations.ts        sizes: their labels, 'choose a size', the size guide
 *   payment-terms.ts     'em até Nx de R$ Y sem juros' and 'R$ Z no PIX' (the settings form's
 *                        refusals are in messages/back-office.ts, under Pagamentos)
 *   orders.ts            order status labels and colours, the unpaid-order note
 *   dates.ts             pt-BR dates and their 'Data não disponível' / 'Data inválida'
 *   registration.ts      the sign-up form's checks (password.ts: its checklist and the reset form)
 *   userInfo.ts          the account's info tab
 *   address.ts           the address form's field messages (both wordings), the checkout's checks
 *   states.ts            the Brazilian states' names
 *   favourites.ts        favourites: the heart, the header, the Favoritos tab, the API
 *   stock-alerts.ts      'Avise-me quando chegar': the form and POST /api/avise-me/
 *   marketing.ts         marketing consent, the forgotten-cart e-mail, unsubscribing
 *   store-info.ts        the store's own name, address and contacts
 *   admin.ts             the back office's shell, stock reasons, test orders, environment, backups
 *   product-form.ts      the back office's product form and pictures
 *   coupon-form.ts       the back office's coupon form and its coupons' status
 *   stock-adjustment.ts  the back office's stock adjustment
 *   tracking-code.ts     the Correios tracking code of a shipped order
 *   second-factor.ts     the owners' second factor
 *   store-health.ts      'Saúde da loja': each item's words and what to do
 *   reviews.ts           reviews from buyers: the form's rules and refusals, the page's words
 */

// By name: reading.ts also exports its helpers (isOk, field, text, firstFieldError) for the other
// subjects, and they are not the package's.
export { CONNECTION_ERROR, serverFieldErrors, serverMessage } from './messages/reading';
export type { Outcome } from './messages/reading';
export * from './messages/shell';
export * from './messages/api-errors';
export * from './messages/catalog';
export * from './messages/cart';
export * from './messages/shipping';
export * from './messages/coupons';
export * from './messages/checkout';
export * from './messages/payment';
export * from './messages/orders';
export * from './messages/accounts';
export * from './messages/addresses';
export * from './messages/back-office';
export * from './messages/demonstration';
