/**
 * The manifest of a backup (`manifest.json`, the archive's first member): what made it, when, at
 * which migration, what it holds (counts a person can check against the back office), and the
 * size and SHA-256 of every other member. Its keys are Portuguese like the rest of the API.
 */
import { z } from 'zod';

export const MANIFEST_NAME = 'manifest.json';
export const BACKUP_FORMAT = 1;

/** A backup that must not be restored (damaged, foreign, from a newer store): said in one line. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

const member = z.object({
  nome: z.string().min(1),
  tamanho: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const manifestSchema = z.object({
  formato: z.literal(BACKUP_FORMAT),
  loja: z.object({ versao: z.string() }),
  /** The newest migration applied: its drizzle-kit tag and journal time (drizzle's created_at). */
  migracao: z.object({ nome: z.string(), criada_em: z.number().int() }),
  criado_em: z.iso.datetime({ offset: true }),
  banco: z.enum(['postgres', 'pglite']),
  contagens: z.object({
    /** Accounts that are not the owners'. */
    clientes: z.number().int().min(0),
    pedidos: z.number().int().min(0),
    produtos: z.number().int().min(0),
    fotos: z.number().int().min(0),
  }),
  /** Rows of every table, in the order they are restored (a table after those it refers to). */
  tabelas: z.array(z.object({ nome: z.string(), linhas: z.number().int().min(0) })),
  /** Each sequence's last value at the backup, so no id is ever handed out twice after it. */
  sequencias: z.array(z.object({ nome: z.string(), valor: z.number().int().nullable() })),
  membros: z.array(member),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupCounts = BackupManifest['contagens'];

export function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupRefusedError('O manifest.json do arquivo não é um JSON legível.');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new BackupRefusedError(
      `O manifest.json não é o de um backup desta loja (${first?.path.join('.') || 'raiz'}: ${first?.message ?? 'inválido'}).`,
    );
  }
  return parsed.data;
}

/** Member names inside the archive. */
export const TABLE_MEMBER = (table: string) => `banco/${table}.jsonl`;
export const PICTURE_MEMBER = (path: string) => `fotos/${path}`;
