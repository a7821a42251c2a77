import { useState } from 'react';
import { Button } from '@/ui/Button';
import { AlertIcon } from '@/ui/icons';
import { useToast } from '@/ui/toast';
import { copyText, downloadRecoveryCodes, recoveryCodesText } from './recovery-codes';

/**
 * The ten recovery codes just made, shown this once: the warning, the list, 'Copiar' and
 * 'Baixar'. Used right after the setup and after 'Gerar novos códigos'.
 */
export function RecoveryCodesPanel({ codes, account }: { codes: string[]; account?: string }) {
  const toast = useToast();
  // The moment they were made, written in the file: she may keep several over the years.
  const [madeAt] = useState(() => new Date());
  const text = () => recoveryCodesText(codes, account, madeAt);

  const onCopy = async () => {
    if (await copyText(text())) toast({ title: 'Códigos copiados', tone: 'success' });
    else
      toast({
        title: 'Não foi possível copiar',
        description: 'Selecione os códigos e copie, ou use Baixar.',
        tone: 'error',
      });
  };
  const onDownload = () => {
    downloadRecoveryCodes(text());
    toast({ title: 'Arquivo dos códigos baixado', tone: 'success' });
  };

  return (
    <div>
      <div className="flex gap-3 rounded-xl border border-gold/40 bg-gold-light/20 px-4 py-3 text-sm leading-relaxed text-ink">
        <AlertIcon width={20} height={20} className="mt-px shrink-0 text-gold-dark" />
        <p>
          <strong className="font-semibold">Estes códigos aparecem só agora.</strong> Copie ou baixe
          e guarde num lugar seguro fora do celular — um gerenciador de senhas ou uma folha
          impressa. Cada código entra uma única vez, no lugar do código do aplicativo.
        </p>
      </div>
      <ol
        aria-label="Códigos de recuperação"
        data-testid="recovery-codes"
        className="mt-4 grid grid-cols-2 gap-2 rounded-2xl border border-line bg-white p-3 font-mono text-[1.05rem] text-ink select-all sm:p-4"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-cream/50 px-2 py-2 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => void onCopy()}>
          Copiar
        </Button>
        <Button variant="outline" onClick={onDownload}>
          Baixar
        </Button>
      </div>
    </div>
  );
}
