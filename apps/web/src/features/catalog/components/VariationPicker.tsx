import { chooseVariationMessage, isVariationSoldOut } from '@semijoias/domain/variations';
import type { ReactNode, Ref } from 'react';
import type { Variation } from '@/lib/product';
import { cx } from '@/ui/cx';

interface VariationPickerProps {
  /** 'Aro', 'Tamanho', 'Comprimento' (null: 'Tamanho'). */
  axis: string | null;
  variations: readonly Variation[];
  chosenId: number | null;
  onChoose: (variation: Variation) => void;
  /** She tried to add without a size: the domain's 'Escolha o aro antes de adicionar…'. */
  missing: boolean;
  /** The size guide's button, beside the label. */
  guide?: ReactNode;
  groupRef?: Ref<HTMLDivElement>;
}

/**
 * The sizes of a piece sold by size, in the owners' order: one choice among native
 * radio buttons (arrow keys move between them, the group is named by its axis), drawn as pills. A
 * sold-out size is crossed out and cannot be chosen; its name says so ('13, esgotado').
 */
export function VariationPicker({
  axis,
  variations,
  chosenId,
  onChoose,
  missing,
  guide,
  groupRef,
}: VariationPickerProps) {
  const label = axis ?? 'Tamanho';
  const chosen = variations.find((v) => v.id === chosenId) ?? null;
  const labelId = 'variacao-rotulo';
  const messageId = 'variacao-mensagem';
  return (
    <div data-testid="variation-picker" className="mt-6">
      <div className="mb-2.5 flex min-h-11 items-center justify-between gap-4">
        <p className="text-sm font-medium text-ink">
          <span id={labelId}>{label}</span>
          {chosen && (
            <span className="font-normal text-ink-soft">
              : <span data-testid="variation-chosen">{chosen.nome}</span>
            </span>
          )}
        </p>
        {guide}
      </div>
      <div
        ref={groupRef}
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={missing && !chosen ? messageId : undefined}
        className="flex flex-wrap gap-2"
      >
        {variations.map((variation) => {
          const soldOut = isVariationSoldOut(variation);
          const checked = variation.id === chosenId && !soldOut;
          return (
            <label
              key={variation.id}
              data-testid="variation-option"
              data-variation-id={variation.id}
              className={cx('relative', soldOut ? 'cursor-not-allowed' : 'cursor-pointer')}
            >
              <input
                type="radio"
                name="variacao"
                value={variation.id}
                checked={checked}
                disabled={soldOut}
                onChange={() => onChoose(variation)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={cx(
                  'inline-flex h-11 min-w-11 items-center justify-center rounded-full border px-3.5 text-sm tabular-nums transition-colors duration-150',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-dark',
                  soldOut
                    ? 'border-line bg-cream/40 text-muted line-through decoration-1'
                    : checked
                      ? 'border-ink bg-ink font-semibold text-ivory'
                      : 'border-ink/25 bg-white text-ink hover:border-ink',
                )}
              >
                {variation.nome}
              </span>
              <span className="sr-only">
                {variation.nome}
                {soldOut ? ', esgotado' : ''}
              </span>
            </label>
          );
        })}
      </div>
      {missing && !chosen && (
        <p id={messageId} role="alert" className="mt-2.5 text-sm font-medium text-rose">
          {chooseVariationMessage(axis)}
        </p>
      )}
    </div>
  );
}
