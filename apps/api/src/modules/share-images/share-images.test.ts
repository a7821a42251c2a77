/**
 * GET /media/compartilhar/<picture>.jpg: on the real app (so the test fails if the route is not
 * registered or the /media/ static files win over it) with the store's own pictures, and on the
 * module alone with pictures of the test's own and a counted renderer.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGE } from '@semijoias/domain/messages';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@semijoias/domain/share-image';
import { useTestApp } from '../../../test/helpers.js';
import { errorHandler } from '../../lib/error-handler.js';
import { IVORY, renderShareImage } from './render.js';
import { SHARE_IMAGE_CACHE_CONTROL, shareImageRoutes } from './routes.js';
import { shareImageCacheDir } from './service.js';

const dataDir = mkdtempSync(join(tmpdir(), 'semijoias-share-'));
const ctx = useTestApp({ dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cacheDir = shareImageCacheDir(dataDir);
const PRODUCT = '/media/compartilhar/produtos/anel-aparador-cravejado.jpg';

/** Every file under `dir`, relative paths (none when it does not exist). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      statSync(join(dir, f)).isFile(),
    );
  } catch {
    return [];
  }
}

async function expectShareJpeg(bytes: Buffer): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('jpeg');
  expect([meta.width, meta.height]).toEqual([SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT]);
  expect(meta.isProgressive).toBe(true);
}

/** The colour at (x, y), as [r, g, b]. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/** Within a JPEG's rounding of `hex`. */
function expectColour(rgb: number[], hex: string): void {
  const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  rgb.forEach((c, i) => expect(Math.abs(c - want[i]!), `${rgb} vs ${hex}`).toBeLessThanOrEqual(6));
}

describe('GET /media/compartilhar/ on the app', () => {
  it('answers a product picture as a 1200×630 JPEG kept for a year, and keeps it on disk', async () => {
    const res = await ctx.app.inject({ url: PRODUCT });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe(SHARE_IMAGE_CACHE_CONTROL);
    await expectShareJpeg(res.rawPayload);
    // The square picture whole in the middle, the store's ivory on both sides.
    expectColour(await pixel(res.rawPayload, 10, 315), IVORY);
    expectColour(await pixel(res.rawPayload, 1189, 315), IVORY);
    const cached = join(cacheDir, 'produtos', 'anel-aparador-cravejado.jpg');
    expect(readFileSync(cached).equals(res.rawPayload)).toBe(true);
  });

  it('serves the second request from the file it kept', async () => {
    const cached = join(cacheDir, 'produtos', 'anel-aparador-cravejado.jpg');
    const first = await ctx.app.inject({ url: PRODUCT });
    const writtenAt = statSync(cached).mtimeMs;
    const again = await ctx.app.inject({ url: PRODUCT });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(statSync(cached).mtimeMs).toBe(writtenAt);

    // Whatever the file holds is what is answered: nothing is rendered again.
    const marker = await sharp({
      create: {
        width: SHARE_IMAGE_WIDTH,
        height: SHARE_IMAGE_HEIGHT,
        channels: 3,
        background: '#123456',
      },
    })
      .jpeg({ progressive: true })
      .toBuffer();
    writeFileSync(cached, marker);
    const fromFile = await ctx.app.inject({ url: PRODUCT });
    expect(fromFile.rawPayload.equals(marker)).toBe(true);
    rmSync(cached);
  });

  it('answers site/og covering the whole frame', async () => {
    const res = await ctx.app.inject({ url: '/media/compartilhar/site/og.jpg' });
    expect(res.statusCode).toBe(200);
    await expectShareJpeg(res.rawPayload);
    // og.svg is drawn for the frame: its own backdrop reaches the corners, no ivory band.
    const corner = await pixel(res.rawPayload, 2, 2);
    const ivory = [0xfb, 0xf8, 0xf3];
    expect(Math.max(...corner.map((c, i) => Math.abs(c - ivory[i]!)))).toBeGreaterThan(10);
  });

  it('leaves the /media/ files to the static server', async () => {
    const res = await ctx.app.inject({ url: '/media/produtos/anel-aparador-cravejado.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it.each([
    '/media/compartilhar/',
    '/media/compartilhar/produtos/',
    '/media/compartilhar/produtos/nao-existe.jpg',
    '/media/compartilhar/produtos/anel-aparador-cravejado',
    '/media/compartilhar/produtos/anel-aparador-cravejado.png',
    '/media/compartilhar/produtos/anel-aparador-cravejado.svg',
    '/media/compartilhar/produtos/anel-aparador-cravejado.jpeg',
    '/media/compartilhar/produtos/anel-aparador-cravejado.JPG',
    '/media/compartilhar/produtos/ANEL-APARADOR-CRAVEJADO.jpg',
    '/media/compartilhar/produtos/anel-aparador-cravejado.svg.jpg',
    '/media/compartilhar/produtos//anel-aparador-cravejado.jpg',
    '/media/compartilhar/%2e%2e/site/og.jpg',
    '/media/compartilhar/produtos/%2e%2e%2fsite%2fog.jpg',
    '/media/compartilhar/%2fetc%2fpasswd.jpg',
    '/media/compartilhar//etc/passwd.jpg',
    '/media/compartilhar/..%5c..%5cpackage.jpg',
    // A media file that is not a picture.
    '/media/compartilhar/site/sobre-video.jpg',
    // A folder, and the cache itself.
    '/media/compartilhar/produtos.jpg',
    '/media/compartilhar/compartilhar/produtos/anel-aparador-cravejado.jpg',
  ])('%s is the JSON 404', async (url) => {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: NOT_FOUND_MESSAGE });
  });

  it('writes nothing for a refused name', () => {
    expect(filesUnder(cacheDir).filter((f) => !f.startsWith('site/og.'))).toEqual([]);
  });

  it('gives concurrent first requests the same valid JPEG, and leaves one whole file', async () => {
    const url = '/media/compartilhar/produtos/anel-gota-esmeralda-pessoa.jpg';
    const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.app.inject({ url })));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    await expectShareJpeg(answers[0]!.rawPayload);
    const kept = readFileSync(join(cacheDir, 'produtos', 'anel-gota-esmeralda-pessoa.jpg'));
    expect(kept.equals(answers[0]!.rawPayload)).toBe(true);
    expect(filesUnder(cacheDir).filter((f) => !f.endsWith('.jpg'))).toEqual([]);
  });
});

describe('the share-image module with pictures of its own', () => {
  const root = mkdtempSync(join(tmpdir(), 'semijoias-share-media-'));
  const media = join(root, 'media');
  // The owners' uploads: kept in the database, read through the reader the app gives.
  const uploads = new Map<string, { content: Buffer; createdAt: Date }>();
  let app: FastifyInstance;
  const rendered: (string | Buffer)[] = [];

  const svg = (width: number, height: number, body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

  async function build(dataDir: string): Promise<FastifyInstance> {
    const built = Fastify().withTypeProvider<ZodTypeProvider>();
    built.setValidatorCompiler(validatorCompiler);
    built.setSerializerCompiler(serializerCompiler);
    built.setErrorHandler(errorHandler);
    await built.register(shareImageRoutes, {
      mediaRoots: [media],
      uploaded: async (path) => uploads.get(path),
      dataDir,
      render: (file) => {
        rendered.push(file);
        return renderShareImage(file);
      },
    });
    return built;
  }

  beforeAll(async () => {
    mkdirSync(join(media, 'teste'), { recursive: true });
    // A small red square on a transparent page: drawn large, contained, transparency on ivory.
    writeFileSync(
      join(media, 'teste', 'quadrado.svg'),
      svg(100, 100, '<rect x="25" y="25" width="50" height="50" fill="#ff0000"/>'),
    );
    // Drawn for the frame: covers it.
    writeFileSync(
      join(media, 'teste', 'capa.svg'),
      svg(1200, 630, '<rect width="1200" height="630" fill="#0000ff"/>'),
    );
    await sharp({ create: { width: 300, height: 400, channels: 3, background: '#00ff00' } })
      .png()
      .toFile(join(media, 'teste', 'foto.png'));
    // Both an SVG and a PNG: the SVG is the source.
    writeFileSync(
      join(media, 'teste', 'dupla.svg'),
      svg(10, 10, '<rect width="10" height="10" fill="#0000ff"/>'),
    );
    await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } })
      .png()
      .toFile(join(media, 'teste', 'dupla.png'));
    uploads.set('produtos/enviadas/anel-novo-image-abc.webp', {
      content: await sharp({
        create: { width: 900, height: 900, channels: 3, background: '#ff00ff' },
      })
        .webp()
        .toBuffer(),
      createdAt: new Date(),
    });
    // Outside the media folder.
    writeFileSync(join(root, 'fora.svg'), svg(10, 10, ''));
    app = await build(join(root, 'data'));
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('finds a picture the owners uploaded (in the database) and renders it', async () => {
    const res = await app.inject({
      url: '/media/compartilhar/produtos/enviadas/anel-novo-image-abc.jpg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(rendered).toEqual([uploads.get('produtos/enviadas/anel-novo-image-abc.webp')!.content]);
    expectColour(await pixel(res.rawPayload, 600, 315), '#ff00ff');
    const unknown = await app.inject({
      url: '/media/compartilhar/produtos/enviadas/anel-sumido-image-abc.jpg',
    });
    expect(unknown.statusCode).toBe(404);
    rendered.length = 0; // the next tests count their own renders
  });

  it('renders once for concurrent first requests, then reads the file', async () => {
    const url = '/media/compartilhar/teste/quadrado.jpg';
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.inject({ url })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(rendered).toEqual([join(media, 'teste', 'quadrado.svg')]);
    await app.inject({ url });
    expect(rendered).toHaveLength(1);

    const jpeg = answers[0]!.rawPayload;
    await expectShareJpeg(jpeg);
    // Scaled to the frame's height (a 630 px square in the middle), the page's transparent
    // margin and the sides ivory.
    expectColour(await pixel(jpeg, 600, 315), '#ff0000');
    expectColour(await pixel(jpeg, 430, 315), IVORY);
    expectColour(await pixel(jpeg, 455, 315), '#ff0000');
    expectColour(await pixel(jpeg, 10, 10), IVORY);
  });

  it('renders again when the picture changed after its JPEG was kept', async () => {
    const url = '/media/compartilhar/teste/quadrado.jpg';
    rendered.length = 0;
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(media, 'teste', 'quadrado.svg'), later, later);
    expect((await app.inject({ url })).statusCode).toBe(200);
    expect(rendered).toHaveLength(1);
  });

  it('covers the frame with a picture of its shape, contains a photo', async () => {
    const capa = (await app.inject({ url: '/media/compartilhar/teste/capa.jpg' })).rawPayload;
    await expectShareJpeg(capa);
    for (const [x, y] of [
      [1, 1],
      [1198, 628],
      [600, 315],
    ] as const) {
      expectColour(await pixel(capa, x, y), '#0000ff');
    }
    const foto = (await app.inject({ url: '/media/compartilhar/teste/foto.jpg' })).rawPayload;
    await expectShareJpeg(foto);
    expectColour(await pixel(foto, 600, 315), '#00ff00');
    expectColour(await pixel(foto, 100, 315), IVORY);
  });

  it('prefers the SVG when a picture has several sources', async () => {
    const res = await app.inject({ url: '/media/compartilhar/teste/dupla.jpg' });
    expectColour(await pixel(res.rawPayload, 600, 315), '#0000ff');
  });

  it('never reaches outside the media folder, even with a raw `..` on the wire', async () => {
    // An HTTP client resolves dot segments before sending; a hostile one need not, so these go
    // over a real socket exactly as written.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const path of [
      '/media/compartilhar/../fora.jpg',
      '/media/compartilhar/teste/../../fora.jpg',
      '/media/compartilhar/%2e%2e/fora.jpg',
      '/media/compartilhar/teste%2f..%2f..%2ffora.jpg',
    ]) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
          .on('error', reject)
          .end();
      });
      expect(status, path).toBe(404);
    }
  });

  it('still answers when the cache cannot be written', async () => {
    const notAFolder = join(root, 'um-arquivo');
    writeFileSync(notAFolder, '');
    const unwritable = await build(notAFolder);
    try {
      const res = await unwritable.inject({ url: '/media/compartilhar/teste/capa.jpg' });
      expect(res.statusCode).toBe(200);
      await expectShareJpeg(res.rawPayload);
    } finally {
      await unwritable.close();
    }
  });
});
