/**
 * How many address profiles a customer may keep. Its own module, without the address schemas
 * (zod), so messages/addresses.ts can word the limit without pulling zod into every page's
 * JavaScript.
 */
export const MAX_ADDRESS_PROFILES = 20;
