import { maskCep } from '@semijoias/domain/cep';
import type { AddressProfile } from '@/lib/addresses';
import { cx } from '@/ui/cx';
import { CheckIcon } from '@/ui/icons';

interface AddressSelectorProps {
  profiles: AddressProfile[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}

/**
 * The saved delivery addresses as a radio group of cards (SPEC §2), the default one preselected.
 * Native radios under the cards: arrow keys move between them, as a screen reader expects.
 */
export function AddressSelector({ profiles, selectedId, onSelect }: AddressSelectorProps) {
  return (
    <fieldset data-testid="address-selector">
      <legend className="sr-only">Escolha o endereço de entrega</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {profiles.map((profile) => {
          const checked = profile.id === selectedId;
          const line2 = [profile.bairro, `${profile.cidade}/${profile.estado}`]
            .filter(Boolean)
            .join(' · ');
          return (
            <label
              key={profile.id}
              data-testid="address-option"
              data-selected={checked}
              className={cx(
                'relative flex cursor-pointer flex-col rounded-2xl border bg-white p-4 pr-11 text-sm transition-[border-color,box-shadow] duration-150',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold/40',
                checked
                  ? 'border-gold shadow-[0_0_0_1px_var(--color-gold)]'
                  : 'border-line hover:border-gold/60',
              )}
            >
              <input
                type="radio"
                name="checkout-address"
                value={profile.id}
                checked={checked}
                onChange={() => onSelect(profile.id)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={cx(
                  'absolute right-4 top-4 flex h-5 w-5 items-center justify-center rounded-full border',
                  checked ? 'border-gold bg-gold text-white' : 'border-line bg-ivory',
                )}
              >
                {checked && <CheckIcon width={12} height={12} />}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-display text-lg font-semibold leading-tight text-ink">
                  {profile.nome_perfil}
                </span>
                {profile.is_default && (
                  <span className="rounded-full bg-gold/15 px-2 py-0.5 text-[0.7rem] font-medium uppercase tracking-[0.12em] text-gold-dark">
                    Padrão
                  </span>
                )}
              </span>
              <span className="mt-1.5 text-ink-soft">{profile.nome_completo}</span>
              <span className="mt-1 text-ink">
                {profile.endereco}, {profile.numero}
                {profile.complemento ? ` – ${profile.complemento}` : ''}
              </span>
              <span className="text-ink-soft">{line2}</span>
              <span className="text-muted">CEP {maskCep(profile.cep)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
