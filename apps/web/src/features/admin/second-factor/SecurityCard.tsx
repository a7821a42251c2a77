/**
 * 'Segurança' on an owner's own page in Clientes: her second factor, how many recovery codes she
 * has left, and 'Gerar novos códigos' (the old ones stop working; the new ones are shown once).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button, ButtonLink } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { cx } from '@/ui/cx';
import { useToast } from '@/ui/toast';
import { adminErrorMessage } from '../lib/errors';
import { AdminCard, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import {
  renewRecoveryCodes,
  SECOND_FACTOR_QUERY_KEY,
  SET_UP_HREF,
  secondFactorStatusQuery,
} from './second-factor-api';
import { GuideLink } from '../help/GuideLink';
import { SECOND_FACTOR_GUIDE_ANCHOR } from '../help/guides';

/** At or below this many codes left, the card says it is time to make new ones. */
const FEW_RECOVERY_CODES = 3;

export function SecurityCard({ email }: { email: string }) {
  // Fresh on every visit: a recovery code spent at the gate changes the count.
  const status = useQuery({ ...secondFactorStatusQuery, staleTime: 0 });
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [fresh, setFresh] = useState<string[] | null>(null);
  // New codes appear in place of the button she pressed: take her (and her reader) to them.
  const freshHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (fresh) freshHeading.current?.focus();
  }, [fresh]);
  const renew = useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: (codes) => {
      setFresh(codes);
      void queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY });
    },
    onError: (error) => toast({ title: adminErrorMessage(error), tone: 'error' }),
  });

  return (
    <AdminCard title="Segurança">
      {status.isPending ? (
        <AdminLoading label="Carregando a segurança da conta" />
      ) : status.isError ? (
        <AdminLoadError error={status.error} onRetry={() => void status.refetch()} />
      ) : fresh ? (
        <div data-testid="new-recovery-codes">
          <h3 ref={freshHeading} tabIndex={-1} className="mb-3 font-semibold text-ink outline-none">
            Seus novos códigos de recuperação
          </h3>
          <RecoveryCodesPanel codes={fresh} account={email} />
          <Button
            variant="primary"
            className="mt-4 w-full sm:w-auto"
            onClick={() => setFresh(null)}
          >
            Guardei meus códigos
          </Button>
        </div>
      ) : (
        <div className="space-y-4 text-sm">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <div>
              <dt className="text-muted">Verificação em duas etapas</dt>
              <dd className="font-medium text-ink">
                {status.data.configurado ? 'Ativada (aplicativo autenticador)' : 'Não configurada'}
              </dd>
            </div>
            {status.data.configurado && (
              <div>
                <dt className="text-muted">Códigos de recuperação restantes</dt>
                <dd
                  className={cx(
                    'font-medium',
                    status.data.codigos_restantes <= FEW_RECOVERY_CODES ? 'text-rose' : 'text-ink',
                  )}
                  data-testid="recovery-codes-left"
                >
                  {status.data.codigos_restantes}
                </dd>
              </div>
            )}
          </dl>
          {!status.data.configurado && (
            <>
              <p className="text-muted">
                Além da senha, peça um código do aplicativo autenticador do seu celular a cada
                entrada na administração.
              </p>
              <ButtonLink to={SET_UP_HREF} variant="outline">
                Configurar agora
              </ButtonLink>
            </>
          )}
          <p>
            <GuideLink slug="administracao" anchor={SECOND_FACTOR_GUIDE_ANCHOR}>
              Guia: o código do celular e os códigos de recuperação
            </GuideLink>
          </p>
          {status.data.configurado && (
            <>
              <p className="text-muted">
                {status.data.codigos_restantes <= FEW_RECOVERY_CODES
                  ? 'Restam poucos códigos: gere novos e guarde-os.'
                  : 'Cada código de recuperação entra uma única vez, se você estiver sem o celular.'}
              </p>
              <Button
                variant="outline"
                disabled={renew.isPending}
                onClick={() => setConfirming(true)}
              >
                {renew.isPending ? 'Gerando…' : 'Gerar novos códigos'}
              </Button>
            </>
          )}
        </div>
      )}
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title="Gerar novos códigos de recuperação?"
        description="Os códigos que você guardou deixam de valer. Os novos aparecem uma única vez."
        actions={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                setConfirming(false);
                renew.mutate();
              }}
            >
              Gerar novos códigos
            </Button>
          </>
        }
      />
    </AdminCard>
  );
}
