import {
  MARKETING_CONSENT_HINT,
  MARKETING_CONSENT_LABEL,
  MARKETING_CONSENT_SAVE_ERROR,
  MARKETING_CONSENT_SAVED_OFF,
  MARKETING_CONSENT_SAVED_ON,
} from '@semijoias/domain/marketing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { cx } from '@/ui/cx';
import { saveMarketingConsent, userInfoQueryKey, type UserInfo } from '../api';

/**
 * LGPD: 'Quero receber novidades e ofertas por e-mail' in the info tab, a switch that
 * saves on its own (PUT api/infos/ with `aceita_marketing`). It moves at once; a failed save puts
 * it back and says so. A press while a save is on its way waits for it.
 */
export function MarketingConsentSwitch({ info }: { info: UserInfo }) {
  const queryClient = useQueryClient();
  const labelId = useId();
  const hintId = useId();
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (accepts: boolean) => saveMarketingConsent(info, accepts),
    onMutate: (accepts) => {
      setStatus(null);
      queryClient.setQueryData<UserInfo>(userInfoQueryKey, (old) =>
        old ? { ...old, aceita_marketing: accepts } : old,
      );
      return { before: info.aceita_marketing === true };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(userInfoQueryKey, saved);
      setStatus({
        tone: 'ok',
        text: saved.aceita_marketing ? MARKETING_CONSENT_SAVED_ON : MARKETING_CONSENT_SAVED_OFF,
      });
    },
    onError: (_error, _accepts, context) => {
      queryClient.setQueryData<UserInfo>(userInfoQueryKey, (old) =>
        old ? { ...old, aceita_marketing: context?.before ?? false } : old,
      );
      setStatus({ tone: 'error', text: MARKETING_CONSENT_SAVE_ERROR });
    },
  });
  const on = info.aceita_marketing === true;

  return (
    <div className="mt-6 rounded-2xl border border-line bg-white/60 px-5 py-4">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id={labelId} className="text-[0.95rem] font-medium leading-snug text-ink">
            {MARKETING_CONSENT_LABEL}
          </p>
          <p id={hintId} className="mt-1 text-sm leading-relaxed text-muted">
            {MARKETING_CONSENT_HINT}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          aria-busy={save.isPending}
          data-testid="marketing-switch"
          onClick={() => {
            if (!save.isPending) save.mutate(!on);
          }}
          className={cx(
            // The track: 44 px tall with its padding, the minimum tap target.
            'relative inline-flex h-11 w-[4.25rem] shrink-0 items-center rounded-full p-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark',
            on ? 'bg-ink' : 'bg-line',
            save.isPending && 'opacity-80',
          )}
        >
          <span
            aria-hidden="true"
            className={cx(
              'block size-8 rounded-full bg-white shadow-soft transition-transform',
              on ? 'translate-x-[1.5rem]' : 'translate-x-0',
            )}
          />
        </button>
      </div>
      <div aria-live="polite" aria-atomic="true">
        {status && (
          <p
            role={status.tone === 'error' ? 'alert' : 'status'}
            data-testid="marketing-status"
            className={cx('mt-3 text-sm', status.tone === 'error' ? 'text-rose' : 'text-sage')}
          >
            {status.text}
          </p>
        )}
      </div>
    </div>
  );
}
