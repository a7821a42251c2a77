import type { Product } from '@/lib/product';
import { Benefits } from './Benefits';
import { BestSeller } from './BestSeller';
import { CategoryCards } from './CategoryCards';
import { FeaturedProducts } from './FeaturedProducts';
import { Testimonials } from './Testimonials';
import { StyleTips } from './StyleTips';

export interface LowerSectionsProps {
  featuredId: string;
  bestSeller: Product | undefined;
  bestSellerLoading: boolean;
  featured: Product[] | undefined;
  featuredLoading: boolean;
}

/**
 * The home below its first screens: the best seller, the categories, the featured pieces, what
 * shoppers say, style tips. #mais-da-loja: HomePage loads this code when it nears the screen.
 */
export function LowerSections(props: LowerSectionsProps) {
  return (
    <div id="mais-da-loja">
      <BestSeller product={props.bestSeller} loading={props.bestSellerLoading} />
      <CategoryCards />
      <Benefits />
      <FeaturedProducts
        id={props.featuredId}
        products={props.featured}
        loading={props.featuredLoading}
      />
      <Testimonials />
      <StyleTips />
    </div>
  );
}
