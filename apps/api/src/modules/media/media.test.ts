/**
 * The owners' uploaded pictures in the database: served under /media/produtos/enviadas/
 * with a year-long cache and a validator, nothing else answered there; and the files an older
 * release kept in DATA_DIR/media brought into the database once.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGE } from '@semijoias/domain/messages';
import { useTestApp } from '../../../test/helpers.js';
import { mediaFiles } from '../../db/schema.js';
import { UPLOADED_MEDIA_CACHE_CONTROL } from './routes.js';
import { importUploadedFilesFromDisk, saveMediaFile } from './store.js';

const ctx = useTestApp();
const dataDir = mkdtempSync(join(tmpdir(), 'semijoias-media-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const silent = { info: () => {}, warn: () => {} };

const webp = (colour: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .webp()
    .toBuffer();

describe('GET /media/produtos/enviadas/<name>', () => {
  it('serves a stored picture for a year, and a 304 to a browser that holds it', async () => {
    const content = await webp('#b08d57');
    await saveMediaFile(ctx.database.db, {
      path: 'produtos/enviadas/anel-aurora-image-0123456789ab.webp',
      contentType: 'image/webp',
      content,
    });
    const url = '/media/produtos/enviadas/anel-aurora-image-0123456789ab.webp';
    const res = await ctx.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(UPLOADED_MEDIA_CACHE_CONTROL);
    expect(res.rawPayload.equals(content)).toBe(true);
    const etag = res.headers.etag as string;
    const again = await ctx.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
  });

  it('the same path saved again keeps the first content (a path names its content)', async () => {
    const path = 'produtos/enviadas/brinco-gota-image-aaaaaaaaaaaa.webp';
    const first = await webp('#111111');
    await saveMediaFile(ctx.database.db, { path, contentType: 'image/webp', content: first });
    await saveMediaFile(ctx.database.db, {
      path,
      contentType: 'image/webp',
      content: await webp('#eeeeee'),
    });
    const [row] = await ctx.database.db.select().from(mediaFiles).where(eq(mediaFiles.path, path));
    expect(row!.content.equals(first)).toBe(true);
  });

  it.each([
    'nao-existe-image-0123456789ab.webp',
    'Maiusculas.webp',
    '..%2F..%2Fpackage.json',
    'arquivo.svg',
  ])('answers the API 404 for %s', async (name) => {
    const res = await ctx.app.inject({ url: `/media/produtos/enviadas/${name}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: NOT_FOUND_MESSAGE });
  });
});

describe('pictures an older release kept on disk', () => {
  it('are brought into the database once, and then served from it', async () => {
    const folder = join(dataDir, 'media', 'produtos', 'enviadas');
    mkdirSync(folder, { recursive: true });
    const content = await webp('#336699');
    writeFileSync(join(folder, 'colar-perola-image-fedcba987654.webp'), content);
    writeFileSync(join(folder, 'anotacao.txt'), 'não é uma imagem');

    expect(await importUploadedFilesFromDisk(ctx.database.db, dataDir, silent)).toBe(1);
    expect(await importUploadedFilesFromDisk(ctx.database.db, dataDir, silent)).toBe(0);
    const res = await ctx.app.inject({
      url: '/media/produtos/enviadas/colar-perola-image-fedcba987654.webp',
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('a DATA_DIR with no uploads imports nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'semijoias-media-empty-'));
    try {
      expect(await importUploadedFilesFromDisk(ctx.database.db, empty, silent)).toBe(0);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
