import * as Dialog from '@radix-ui/react-dialog';
import { NECKLACE_LENGTHS, ringSizeTable } from '@semijoias/domain/variations';
import { useFocusReturn } from '@/ui/focus-return';
import { CloseIcon } from '@/ui/icons';

/** The Brazilian sizes the store sells rings in, as the guide lists them. */
const RING_SIZES = ringSizeTable(12, 30);

function mm(value: number): string {
  return value.toFixed(1).replace('.', ',');
}

/**
 * 'Guia de medidas' (SizeGuideButton.tsx opens it): how to measure a ring size at home, the table
 * of aro against inner circumference and diameter, and where each necklace length falls. A Radix
 * dialog as the store's others (focus kept inside, Escape and the backdrop close it, focus goes
 * back to the button). For a necklace sold by length, the lengths come first.
 */
export function SizeGuideDialog({
  axis,
  open,
  onOpenChange,
}: {
  axis: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const focusReturn = useFocusReturn();
  const necklaceFirst = axis?.trim().toLocaleLowerCase('pt-BR') === 'comprimento';
  const sections = necklaceFirst
    ? [<Necklaces key="n" />, <Rings key="r" />]
    : [<Rings key="r" />, <Necklaces key="n" />];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/45 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          data-testid="size-guide"
          {...focusReturn}
          className="fixed left-1/2 top-1/2 z-[71] flex max-h-[min(44rem,calc(100dvh-2rem))] w-[min(36rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-3xl bg-ivory shadow-lift outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 pb-4 pt-5 sm:px-7">
            <div>
              <Dialog.Title className="font-display text-2xl font-semibold leading-snug text-ink">
                Guia de medidas
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-soft">
                Descubra o seu tamanho em casa, com o que você já tem.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Fechar o guia de medidas"
              className="-mr-2 -mt-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
            >
              <CloseIcon width={20} height={20} />
            </Dialog.Close>
          </div>
          {/* It scrolls: focusable, so a keyboard can scroll it too (WCAG 2.1.1). */}
          <div
            tabIndex={0}
            role="region"
            aria-label="Tabelas de medidas"
            className="space-y-8 overflow-y-auto px-5 py-6 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-gold-dark sm:px-7"
          >
            {sections}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Rings() {
  return (
    <section aria-labelledby="guia-aneis">
      <h3 id="guia-aneis" className="font-display text-xl font-semibold text-ink">
        Como medir o aro do anel
      </h3>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm leading-relaxed text-ink-soft marker:font-semibold marker:text-gold-dark">
        <li>Envolva a base do dedo com um barbante ou uma tira de papel, justa mas sem apertar.</li>
        <li>Marque com uma caneta o ponto em que a ponta encontra o resto da tira.</li>
        <li>
          Estique a tira sobre uma régua e meça, em milímetros, do começo até a marca: essa é a
          circunferência do dedo.
        </li>
        <li>Procure na tabela a circunferência mais próxima: ao lado está o seu aro.</li>
      </ol>
      <p className="mt-3 rounded-2xl bg-cream/70 px-4 py-3 text-sm leading-relaxed text-ink-soft">
        <strong className="font-medium text-ink">Já tem um anel que serve bem?</strong> Meça com a
        régua o diâmetro interno dele, de uma borda interna à outra, e compare com a coluna
        “Diâmetro”. Meça no fim do dia, quando os dedos estão um pouco mais inchados; entre dois
        aros, prefira o maior.
      </p>
      <div className="mt-4 overflow-hidden rounded-2xl border border-line bg-white">
        <table className="w-full text-center text-sm tabular-nums" data-testid="ring-size-table">
          <caption className="sr-only">
            Aro, circunferência interna e diâmetro interno, em milímetros
          </caption>
          <thead className="bg-cream/60 text-xs uppercase tracking-wide text-ink-soft">
            <tr>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Aro
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Circunferência
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Diâmetro
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {RING_SIZES.map((size) => (
              <tr key={size.aro}>
                <th scope="row" className="px-3 py-2 font-semibold text-ink">
                  {size.aro}
                </th>
                <td className="px-3 py-2 text-ink-soft">{size.circumferenceMm} mm</td>
                <td className="px-3 py-2 text-ink-soft">{mm(size.diameterMm)} mm</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Necklaces() {
  return (
    <section aria-labelledby="guia-colares">
      <h3 id="guia-colares" className="font-display text-xl font-semibold text-ink">
        Comprimentos de colar
      </h3>
      <p className="mt-2 text-sm leading-relaxed text-ink-soft">
        Passe uma fita métrica (ou um barbante, medido depois na régua) ao redor do pescoço, na
        altura em que quer o colar, e compare:
      </p>
      <ul className="mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white text-sm">
        {NECKLACE_LENGTHS.map((length) => (
          <li key={length.cm} className="flex items-center gap-4 px-4 py-2.5">
            <span className="w-14 shrink-0 font-semibold tabular-nums text-ink">
              {length.cm} cm
            </span>
            <span className="text-ink-soft">{length.where}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
