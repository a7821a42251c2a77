// The store's facts live in the domain, shared with the API's e-mails.
export { formatAddressLine, STORE_INFO } from '@semijoias/domain/store-info';
