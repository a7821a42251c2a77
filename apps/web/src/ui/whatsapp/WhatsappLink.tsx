import { whatsappChatUrl } from '@semijoias/domain/whatsapp';
import type { AnchorHTMLAttributes } from 'react';

/**
 * A link that opens a WhatsApp chat with the store, the message already typed: a plain link to
 * wa.me, so nothing loads from WhatsApp until she taps it (no script, no frame, no picture).
 */
export function WhatsappLink({
  number,
  text,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> & {
  /** DDD and number, digits only ('11974523180'). */
  number: string;
  text?: string;
}) {
  return <a href={whatsappChatUrl(number, text)} target="_blank" rel="noopener" {...props} />;
}
