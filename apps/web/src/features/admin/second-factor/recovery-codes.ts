/**
 * The recovery codes leave the screen two ways: the clipboard and a .txt file. Both carry the
 * same text, so what she pastes into a password manager is what she would print.
 */
import { STORE_INFO } from '@/lib/store-info';

export function recoveryCodesText(codes: string[], account: string | undefined, at: Date): string {
  const when = at.toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
  return [
    `${STORE_INFO.name} — códigos de recuperação da administração`,
    ...(account ? [`Conta: ${account}`] : []),
    `Gerados em ${when}`,
    '',
    'Cada código entra uma única vez, no lugar do código do aplicativo autenticador.',
    'Gerar novos códigos invalida estes.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Saves the text as a file, from a Blob (nothing goes to the server again). */
export function downloadRecoveryCodes(text: string): void {
  const blob = new Blob([text], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'codigos-de-recuperacao.txt';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address is freed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Copies to the clipboard; false when the browser refuses (an address without HTTPS has no
 * clipboard API), so the screen can ask her to select the text instead.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
