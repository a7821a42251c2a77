/**
 * The shareable JPEGs, made once and kept on disk. A picture's name is stable (a new picture
 * ships under a new name), so its JPEG is rendered on the first request, written to
 * `DATA_DIR/cache/compartilhar/<name>.jpg` and read from there afterwards; only a source edited
 * after its JPEG was written (a designer's tweak during development) is rendered again.
 *
 * Concurrent first requests in one process share one render. The file is written aside and
 * renamed into place, so a reader (or another instance sharing DATA_DIR) sees the old file, the
 * new one, or none: never half of one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isShareImageName, SHARE_IMAGE_SOURCE_EXTENSIONS } from '@semijoias/domain/share-image';
import { renderShareImage } from './render.js';

export interface ShareImageStore {
  /** The JPEG of the picture named `name` ("produtos/x"), or undefined when there is none. */
  get(name: string): Promise<Buffer | undefined>;
}

/** A picture the owners uploaded (kept in the database, modules/media), by its media path. */
export type UploadedPictureReader = (
  path: string,
) => Promise<{ content: Buffer; createdAt: Date } | undefined>;

export interface ShareImageStoreOptions {
  /** The media folders served under /media/, in the order they are looked in. */
  mediaRoots: readonly string[];
  /** The owners' uploads, looked in after the folders (`produtos/enviadas/<name>.webp`). */
  uploaded?: UploadedPictureReader;
  /** Where the rendered JPEGs are kept. */
  cacheDir: string;
  log: FastifyBaseLogger;
  /** The renderer; tests wrap it to count renders. */
  render?: (source: string | Buffer) => Promise<Buffer>;
}

export function shareImageCacheDir(dataDir: string): string {
  return join(dataDir, 'cache', 'compartilhar');
}

interface Source {
  /** A file's path, or an uploaded picture's bytes. */
  input: string | Buffer;
  modifiedMs: number;
}

async function fileModifiedMs(file: string): Promise<number | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The picture `name` stands for: the first of name.svg, .png, .jpg, .webp in the media folders,
 * looked in as /media/ serves them.
 */
async function findSource(
  mediaRoots: readonly string[],
  name: string,
): Promise<Source | undefined> {
  for (const mediaRoot of mediaRoots) {
    const root = resolve(mediaRoot);
    for (const extension of SHARE_IMAGE_SOURCE_EXTENSIONS) {
      const file = resolve(root, `${name}.${extension}`);
      // The name's pattern already rules out `..` and absolute paths; this says it again.
      if (!file.startsWith(root + sep)) return undefined;
      const modifiedMs = await fileModifiedMs(file);
      if (modifiedMs !== undefined) return { input: file, modifiedMs };
    }
  }
  return undefined;
}

export function createShareImageStore(options: ShareImageStoreOptions): ShareImageStore {
  const { mediaRoots, uploaded, cacheDir, log, render = renderShareImage } = options;

  async function uploadedSource(name: string): Promise<Source | undefined> {
    if (!uploaded) return undefined;
    const file = await uploaded(`${name}.webp`);
    return file && { input: file.content, modifiedMs: file.createdAt.getTime() };
  }
  const rendering = new Map<string, Promise<Buffer>>();

  /** Renders and keeps the JPEG; a cache that cannot be written costs a render, not the answer. */
  async function renderAndKeep(source: Source, cacheFile: string): Promise<Buffer> {
    const jpeg = await render(source.input);
    const aside = `${cacheFile}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(cacheFile), { recursive: true });
      await writeFile(aside, jpeg);
      await rename(aside, cacheFile);
    } catch (err) {
      log.warn({ err, cacheFile }, 'imagem de compartilhamento não gravada no cache');
      await rm(aside, { force: true }).catch(() => undefined);
    }
    return jpeg;
  }

  return {
    async get(name) {
      if (!isShareImageName(name)) return undefined;
      const source = (await findSource(mediaRoots, name)) ?? (await uploadedSource(name));
      if (!source) return undefined;

      const cacheFile = join(cacheDir, `${name}.jpg`);
      const cachedMs = await fileModifiedMs(cacheFile);
      if (cachedMs !== undefined && cachedMs >= source.modifiedMs) {
        try {
          return await readFile(cacheFile);
        } catch {
          // Removed between the stat and the read: render it again below.
        }
      }

      let pending = rendering.get(name);
      if (!pending) {
        pending = renderAndKeep(source, cacheFile).finally(() => rendering.delete(name));
        rendering.set(name, pending);
      }
      return pending;
    },
  };
}
