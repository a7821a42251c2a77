import { usePageHead } from '@/lib/page-head';
import { useBestSellers, useCarouselProducts, useFeaturedProducts } from './api/home-products';
import { Benefits } from './components/Benefits';
import { BestSeller } from './components/BestSeller';
import { CategoryCards } from './components/CategoryCards';
import { FeaturedProducts } from './components/FeaturedProducts';
import { Hero } from './components/Hero';
import { HeroCarousel, HeroCarouselSkeleton } from './components/HeroCarousel';
import { StorySection } from './components/StorySection';
import { StyleTips } from './components/StyleTips';
import { Testimonials } from './components/Testimonials';

const FEATURED_ID = 'destaques';

/** SPEC §2 Home. Also rendered at /carrinho and /popup, routes whose own content is not shown. */
export function HomePage() {
  usePageHead({ title: null, path: '/', home: true });
  const carousel = useCarouselProducts();
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
      <BestSeller product={bestSellers.data?.[0]} loading={bestSellers.isPending} />
      <CategoryCards />
      <Benefits />
      <FeaturedProducts id={FEATURED_ID} products={featured.data} loading={featured.isPending} />
      <Testimonials />
      <StyleTips />
    </>
  );
}
