import { usePageHead } from '@/lib/page-head';
import { lazyOnSight } from '@/ui/lazy-on-sight';
import { useBestSellers, useCarouselProducts, useFeaturedProducts } from './api/home-products';
import { Hero } from './components/Hero';
import { HeroCarousel, HeroCarouselSkeleton } from './components/HeroCarousel';
import type { LowerSectionsProps } from './components/LowerSections';
import { StorySection } from './components/StorySection';

const FEATURED_ID = 'destaques';

// Below the first screens on a phone and on a computer: their code loads as they come near the
// screen ('mais-da-loja' is LowerSections' root), the server's HTML standing until then. Its
// props stay the same objects while the queries' data does (an update reaching it before its
// code would make React render it anew).
const LowerSections = lazyOnSight<LowerSectionsProps>('mais-da-loja', () =>
  import('./components/LowerSections').then((m) => m.LowerSections),
);

/** SPEC §2 Home. Also rendered at /carrinho and /popup, routes whose own content is not shown. */
export function HomePage() {
  const carousel = useCarouselProducts();
  usePageHead({
    title: null,
    path: '/',
    home: true,
    mainImage: carousel.data?.find((p) => p.image_carrossel)?.image_carrossel,
  });
  const featured = useFeaturedProducts();
  const bestSellers = useBestSellers();

  return (
    <>
      {carousel.isPending ? (
        <HeroCarouselSkeleton />
      ) : (
        <HeroCarousel products={carousel.data ?? []} />
      )}
      <Hero targetId={FEATURED_ID} />
      <StorySection />
      <LowerSections
        featuredId={FEATURED_ID}
        bestSeller={bestSellers.data?.[0]}
        bestSellerLoading={bestSellers.isPending}
        featured={featured.data}
        featuredLoading={featured.isPending}
      />
    </>
  );
}
