/**
 * Packages only some calls need, imported the first time one of them runs instead of at every
 * start: sharp (pictures), qrcode, argon2 (the first password), nodemailer (the first e-mail),
 * tar-stream (backups) and PGlite with its Drizzle driver (a store on PostgreSQL never needs it).
 * Each start is paid twice by a rolling restart during a sale (issue 32): loaded at start they
 * cost about 0.15-0.2 s of its 1.1-1.2 s of CPU (sharp and libvips alone 0.12 s).
 * apps/api/build.mjs splits what only they import into chunks of its own.
 */

/** `load` run once, on the first call; every call gets the same promise. */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/** sharp: reading and converting pictures (products, reviews, share images). */
export const loadSharp = onFirstUse(async () => (await import('sharp')).default);

/** qrcode: the PIX code on the sandbox's page, the second factor's setup. */
export const loadQrCode = onFirstUse(async () => (await import('qrcode')).default);
