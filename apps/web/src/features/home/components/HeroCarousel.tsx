import { CAROUSEL_SLIDES } from '@semijoias/domain/catalog';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { useReducedMotion } from '@/lib/hooks';
import { productPath, type Product, type ProductLinkState } from '@/lib/product';
import { cx } from '@/ui/cx';
import { SmartImage } from '@/ui/SmartImage';
import { Skeleton } from '@/ui/Spinner';

/** SPEC §9: a new slide every 4 s, a 150 ms fade, and a swipe or drag over 50 px changes slide. */
const AUTOPLAY_MS = 4000;
const SWIPE_THRESHOLD_PX = 50;
/** The banners are drawn at 16:9; wider screens show a slightly cropped 2:1. */
export const CAROUSEL_ASPECT = 'aspect-[16/9] w-full object-cover sm:aspect-[2/1]';

/**
 * The carousel's place while its products load: the banner and its row of dots, at their sizes,
 * so the page below does not move when the slides arrive.
 */
export function HeroCarouselSkeleton() {
  return (
    <div className="sm:container-page sm:pt-6">
      <Skeleton className="aspect-[16/9] w-full rounded-none sm:aspect-[2/1] sm:rounded-2xl sm:border sm:border-transparent" />
      {/* The dots' row: 4 px above 44 px buttons. */}
      <div aria-hidden="true" className="h-12" />
    </div>
  );
}

export function HeroCarousel({ products }: { products: Product[] }) {
  const slides = products.filter((p) => p.image_carrossel).slice(0, CAROUSEL_SLIDES);
  const count = slides.length;
  // The slides lie on top of each other (CSS, no carousel library: the home's first download is
  // 8 KB lighter for it). A change fades through the banner's background in 150 ms: the slide
  // leaving fades out in the first 75 ms, the one coming fades in over the last 75 ms. Each
  // banner carries its product's name in its artwork, so the two are never seen at once (a
  // crossfade showed both titles over each other).
  const [selected, setSelected] = useState(0);
  // The first slide's picture comes from the server (the page's largest paint). Once the page has
  // loaded, the next slide's picture is fetched ahead, one slide at a time (each new picture is
  // parsed and drawn on the main thread: three at once made a busy moment at the end of the
  // load); a slide picked by hand gets its picture at once.
  const [pageLoaded, setPageLoaded] = useState(false);
  const [pictured, setPictured] = useState(1);
  const [hovered, setHovered] = useState(false);
  // Stopped by the shopper's button, else by her system's 'reduce motion' (read after
  // hydration: the server cannot know it, and the first render must match its HTML).
  const reducedMotion = useReducedMotion();
  const [stoppedByHand, setStoppedByHand] = useState<boolean | null>(null);
  const stopped = stoppedByHand ?? reducedMotion;
  const pointerStart = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);

  const go = (index: number) => setSelected(((index % count) + count) % count);
  // The slides with a picture: the first ones up to the one after the current slide.
  const wanted = pageLoaded ? Math.min(count, selected + 2) : 1;
  if (wanted > pictured) setPictured(wanted);

  useEffect(() => {
    if (count < 2) return;
    const loaded = () => setPageLoaded(true);
    if (document.readyState === 'complete') {
      loaded();
      return;
    }
    window.addEventListener('load', loaded, { once: true });
    return () => window.removeEventListener('load', loaded);
  }, [count]);

  // Restarted after every change of slide, so a slide picked by hand also gets its 4 s.
  useEffect(() => {
    if (stopped || hovered || count < 2) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setSelected((index) => (index + 1) % count);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [stopped, hovered, selected, count]);

  function onPointerDown(event: PointerEvent) {
    if (event.button !== 0) return;
    pointerStart.current = { x: event.clientX, y: event.clientY };
    swiped.current = false;
  }

  function onPointerUp(event: PointerEvent) {
    const start = pointerStart.current;
    pointerStart.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) {
      swiped.current = true;
      go(dx < 0 ? selected + 1 : selected - 1);
    }
  }

  if (slides.length === 0) return null;

  return (
    <section
      aria-roledescription="carrossel"
      aria-label="Peças em destaque"
      className="relative sm:container-page sm:pt-6"
      // Pause under a mouse only: a tap on a phone would otherwise "hover" for good.
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div
        className="touch-pan-y select-none overflow-hidden bg-cream sm:rounded-2xl sm:border sm:border-line sm:shadow-soft"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          pointerStart.current = null;
        }}
        // A swipe that ends on a slide must not also open it.
        onClickCapture={(event) => {
          if (swiped.current) {
            event.preventDefault();
            event.stopPropagation();
            swiped.current = false;
          }
        }}
      >
        <div className="grid">
          {slides.map((product, index) => {
            const state: ProductLinkState = { product };
            const current = index === selected;
            return (
              <div
                key={product.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} de ${slides.length}`}
                aria-hidden={!current}
                data-current={current ? 'true' : undefined}
                className={cx(
                  'relative min-w-0 [grid-area:1/1] transition-opacity duration-75 motion-reduce:transition-none',
                  current
                    ? 'z-[1] opacity-100 delay-75 ease-out'
                    : 'pointer-events-none opacity-0 delay-0 ease-in',
                )}
              >
                <Link
                  to={productPath(product.id)}
                  state={state}
                  tabIndex={current ? 0 : -1}
                  draggable={false}
                  className="block focus-visible:outline-offset-[-4px]"
                >
                  {index < pictured || index === selected ? (
                    <SmartImage
                      src={product.image_carrossel}
                      // The banner artwork carries the product's name; the alt says where the
                      // link goes.
                      alt={`${product.name}: ver a peça`}
                      width={1600}
                      height={900}
                      // The first slide is the page's largest paint: fetched at once, first.
                      loading={index === 0 ? 'eager' : 'lazy'}
                      fetchPriority={index === 0 ? 'high' : undefined}
                      draggable={false}
                      className={CAROUSEL_ASPECT}
                    />
                  ) : (
                    <div
                      role="img"
                      aria-label={`${product.name}: ver a peça`}
                      className={cx(CAROUSEL_ASPECT, 'bg-cream')}
                    />
                  )}
                </Link>
              </div>
            );
          })}
        </div>
      </div>

      {slides.length > 1 && (
        <div className="flex items-center justify-center gap-0.5 pt-1">
          {slides.map((product, index) => (
            <button
              key={product.id}
              type="button"
              onClick={() => go(index)}
              aria-label={`Mostrar slide ${index + 1}: ${product.name}`}
              aria-current={index === selected ? 'true' : undefined}
              className="group inline-flex h-11 w-9 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={cx(
                  'block h-1.5 rounded-full transition-all duration-300',
                  index === selected ? 'w-6 bg-gold-dark' : 'w-1.5 bg-ink/25 group-hover:bg-ink/50',
                )}
              />
            </button>
          ))}
          <button
            type="button"
            onClick={() => setStoppedByHand(!stopped)}
            aria-label={
              stopped
                ? 'Retomar a troca automática de slides'
                : 'Pausar a troca automática de slides'
            }
            className="ml-1 inline-flex h-11 w-11 items-center justify-center rounded-full text-ink/50 hover:text-ink"
          >
            {stopped ? (
              <svg
                viewBox="0 0 16 16"
                width="12"
                height="12"
                fill="currentColor"
                aria-hidden="true"
              >
                <path d="M4 2.5v11l9-5.5z" />
              </svg>
            ) : (
              <svg
                viewBox="0 0 16 16"
                width="12"
                height="12"
                fill="currentColor"
                aria-hidden="true"
              >
                <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" />
              </svg>
            )}
          </button>
        </div>
      )}
    </section>
  );
}
