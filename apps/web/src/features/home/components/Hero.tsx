import { prefersReducedMotion } from '@/lib/hooks';
import { Button } from '@/ui/Button';
import { SmartImage } from '@/ui/SmartImage';

/** The brand's promise and the button that takes the shopper down to the featured pieces. */
export function Hero({ targetId }: { targetId: string }) {
  function explore() {
    const target = document.getElementById(targetId);
    if (!target) return;
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    // Move keyboard and screen-reader focus along with the scroll.
    target.focus({ preventScroll: true });
  }

  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-cream">
      <div className="container-page grid items-center gap-8 py-12 sm:py-16 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:py-24">
        <div className="text-center lg:text-left">
          <p className="eyebrow mb-4">Semijoias feitas para durar</p>
          <h1
            id="hero-title"
            className="font-display text-[2.6rem] font-semibold leading-[1.05] text-ink sm:text-6xl"
          >
            Brilho delicado para <em className="font-medium text-gold-dark">todos os seus</em>{' '}
            momentos
          </h1>
          <p className="mx-auto mt-5 max-w-md text-[0.98rem] leading-relaxed text-ink-soft lg:mx-0">
            Anéis, brincos, pulseiras e colares banhados a ouro 18k e ródio, escolhidos a dedo por
            duas irmãs apaixonadas por joias. Antialérgicos, com garantia e envio para todo o
            Brasil.
          </p>
          <div className="mt-8 flex justify-center lg:justify-start">
            <Button variant="primary" size="lg" onClick={explore}>
              Explorar Coleção
            </Button>
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-md lg:max-w-none">
          <div
            aria-hidden="true"
            className="absolute -inset-3 rounded-[2rem] border border-gold/30 sm:-inset-4"
          />
          <SmartImage
            src="/media/site/hero.svg"
            alt="Composição de semijoias douradas sobre tecido claro"
            width={1600}
            height={900}
            // Below the carousel, under the fold of a phone and of a laptop: it waits its turn.
            loading="lazy"
            className="relative aspect-[16/10] w-full rounded-[1.6rem] object-cover shadow-lift"
          />
        </div>
      </div>
    </section>
  );
}
