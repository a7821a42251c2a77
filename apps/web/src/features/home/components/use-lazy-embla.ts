import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useRef, useState } from 'react';

/**
 * Embla (the carousel's slides and fade) loaded after the page is up: until then the
 * server-rendered first slide simply shows, and the home's first download is 7 KB lighter.
 * Returns the viewport's ref and the carousel once it runs (null before).
 */
export function useLazyEmbla(options: EmblaOptionsType, slideCount: number) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const optionsKey = JSON.stringify(options);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || slideCount < 2) return;
    let carousel: EmblaCarouselType | null = null;
    let cancelled = false;
    void Promise.all([import('embla-carousel'), import('embla-carousel-fade')]).then(
      ([{ default: EmblaCarousel }, { default: Fade }]) => {
        if (cancelled) return;
        carousel = EmblaCarousel(viewport, JSON.parse(optionsKey) as EmblaOptionsType, [Fade()]);
        setEmbla(carousel);
      },
    );
    return () => {
      cancelled = true;
      carousel?.destroy();
      setEmbla(null);
    };
  }, [optionsKey, slideCount]);

  return [viewportRef, embla] as const;
}
