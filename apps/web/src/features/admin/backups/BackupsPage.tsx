/**
 * /admin/backups: the copies of everything the store holds — customers, orders,
 * products, coupons, pictures — newest first, each to download, and 'Fazer backup agora'. The
 * store makes one by itself on a schedule; this page says when, and how many it keeps.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatFileSize } from '@semijoias/domain/admin';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { adminErrorMessage } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { GuideLink } from '../help/GuideLink';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminCard, AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import {
  BACKUPS_QUERY_KEY,
  backupsQuery,
  downloadBackup,
  makeBackup,
  type Backup,
  type BackupList,
} from './backups-api';

function scheduleText(list: BackupList): string {
  const kept = `A loja guarda os ${list.guardados} mais recentes e apaga os mais antigos.`;
  if (list.a_cada_horas === 0)
    return `A loja não faz backups sozinha (BACKUP_EVERY_HOURS=0): faça um aqui. ${kept}`;
  const every =
    list.a_cada_horas === 24
      ? 'uma vez por dia'
      : list.a_cada_horas % 24 === 0
        ? `a cada ${list.a_cada_horas / 24} dias`
        : `a cada ${list.a_cada_horas} horas`;
  return `A loja faz um backup sozinha ${every}. ${kept}`;
}

export function BackupsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(backupsQuery);
  const [made, setMade] = useState<Backup | null>(null);
  const create = useMutation({
    mutationFn: makeBackup,
    onSuccess: (backup) => {
      setMade(backup);
      void queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY });
    },
  });

  return (
    <>
      <AdminPageHeader
        title="Backups"
        description="Cópias de tudo o que a loja tem: clientes, pedidos, produtos, cupons e fotos."
        actions={
          <>
            <GuideLink slug="backups" />
            <Button onClick={() => create.mutate()} disabled={create.isPending}>
              {create.isPending ? 'Fazendo backup…' : 'Fazer backup agora'}
            </Button>
          </>
        }
      />

      <div aria-live="polite" className="empty:hidden mb-4">
        {create.isSuccess && made && (
          <p className="rounded-2xl border border-sage/30 bg-sage/10 px-5 py-3 text-sm text-ink">
            Backup feito: {formatDateTime(made.criado_em)}, {formatFileSize(made.tamanho)}.
          </p>
        )}
      </div>
      {create.isError && (
        <p
          role="alert"
          className="mb-4 rounded-2xl border border-rose/30 bg-rose-soft/60 px-5 py-3 text-sm text-ink"
        >
          {adminErrorMessage(create.error)}
        </p>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Backups guardados">
          {list.isPending ? (
            <AdminLoading />
          ) : list.isError ? (
            <AdminLoadError error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.backups.length === 0 ? (
            <AdminEmpty>
              Nenhum backup ainda. Faça o primeiro agora: leva poucos segundos.
            </AdminEmpty>
          ) : (
            <>
              <p className="mb-3 text-sm text-muted">{scheduleText(list.data)}</p>
              <ul className="space-y-2" data-testid="backup-list">
                {list.data.backups.map((backup, i) => (
                  <BackupRow key={backup.arquivo} backup={backup} newest={i === 0} />
                ))}
              </ul>
            </>
          )}
        </section>

        <AdminCard title="Guarde uma cópia fora da loja" className="self-start">
          <div className="space-y-3 text-sm leading-relaxed text-ink/85">
            <p>
              Os backups ficam no mesmo servidor da loja. Se ele se perder, eles se perdem junto:
              baixe o mais recente pelo menos uma vez por semana e guarde-o num lugar seu (um HD
              externo ou a sua nuvem).
            </p>
            <p>
              Um backup contém os dados das clientes (nomes, e-mails, CPFs, endereços). Não o envie
              por e-mail nem o compartilhe.
            </p>
            <p>
              Para voltar a loja a partir de um backup, quem cuida do servidor segue o guia
              (docs/deploy.md, “Backups”).
            </p>
          </div>
        </AdminCard>
      </div>
    </>
  );
}

function BackupRow({ backup, newest }: { backup: Backup; newest: boolean }) {
  const download = useMutation({ mutationFn: () => downloadBackup(backup.arquivo) });
  const when = formatDateTime(backup.criado_em);
  return (
    <li
      className={cx(
        'flex flex-col gap-3 rounded-2xl border bg-white px-4 py-3 shadow-soft sm:flex-row sm:items-center sm:justify-between sm:px-5',
        newest ? 'border-gold/60' : 'border-line',
      )}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          {when}
          {newest && (
            <span className="rounded-full bg-gold/15 px-2.5 py-0.5 text-xs font-medium text-gold-dark">
              Mais recente
            </span>
          )}
        </p>
        <p className="truncate text-xs text-muted">
          {formatFileSize(backup.tamanho)} · {backup.arquivo}
        </p>
        {download.isError && (
          <p role="alert" className="mt-1 text-sm text-rose">
            {adminErrorMessage(download.error)}
          </p>
        )}
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-label={`Baixar o backup de ${when}`}
      >
        {download.isPending ? 'Baixando…' : 'Baixar'}
      </Button>
    </li>
  );
}
