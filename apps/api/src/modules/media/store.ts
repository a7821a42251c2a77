/**
 * The owners' uploaded pictures, kept in PostgreSQL (`media_files`): any instance
 * serves any of them, none is lost with an instance's disk, and the database's backup holds them.
 * A path names its content (a hash is part of it), so a row is written once and never changed.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { mediaFiles } from '../../db/schema.js';

/** Under the media root: where the uploads' paths live (`produtos/enviadas/<name>.webp`). */
export const UPLOADED_MEDIA_DIR = 'produtos/enviadas';

export interface MediaFile {
  path: string;
  contentType: string;
  content: Buffer;
  sha256: string;
  createdAt: Date;
}

/** Saves a file under `path`; one already there (the same content, by its name) is kept. */
export async function saveMediaFile(
  db: Db,
  file: { path: string; contentType: string; content: Buffer },
): Promise<void> {
  await db
    .insert(mediaFiles)
    .values({
      ...file,
      sha256: createHash('sha256').update(file.content).digest('hex'),
    })
    .onConflictDoNothing({ target: mediaFiles.path });
}

export async function readMediaFile(db: Db, path: string): Promise<MediaFile | undefined> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.path, path));
  return row;
}

/**
 * Earlier releases kept the uploads as files in `DATA_DIR/media/produtos/enviadas/`. A store
 * updated from one brings them into the database at its first start (each once; a path already
 * there is kept), so no picture the owners uploaded disappears. The files are left where they
 * were.
 */
export async function importUploadedFilesFromDisk(
  db: Db,
  dataDir: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<number> {
  const folder = resolve(dataDir, 'media', UPLOADED_MEDIA_DIR);
  let names: string[];
  try {
    names = (await readdir(folder)).filter((n) => n.endsWith('.webp'));
  } catch {
    return 0; // no such folder: nothing was ever uploaded to this disk
  }
  let imported = 0;
  for (const name of names) {
    const path = `${UPLOADED_MEDIA_DIR}/${name}`;
    if (await readMediaFile(db, path)) continue;
    try {
      const content = await readFile(join(folder, name));
      await saveMediaFile(db, { path, contentType: 'image/webp', content });
      imported++;
    } catch (err) {
      log.warn({ err, path }, 'imagem enviada não importada do disco');
    }
  }
  if (imported > 0) log.info({ imported }, 'imagens enviadas levadas do disco para o banco');
  return imported;
}
