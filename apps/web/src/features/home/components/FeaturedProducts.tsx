import { FEATURED_COUNT } from '@semijoias/domain/catalog';
import type { Product } from '@/lib/product';
import { ProductCard, ProductCardSkeleton, productGridClasses } from '@/ui/ProductCard';
import { SectionHeading } from '@/ui/SectionHeading';

interface FeaturedProductsProps {
  id: string;
  products: Product[] | undefined;
  loading: boolean;
}

/** Four pieces the API picks at random (SPEC §2); 'Explorar Coleção' scrolls here. */
export function FeaturedProducts({ id, products, loading }: FeaturedProductsProps) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      data-testid="featured-products"
      className="container-page scroll-mt-32 py-14 outline-none sm:py-20"
    >
      <SectionHeading
        id={`${id}-title`}
        eyebrow="Selecionadas para você"
        title="Destaques da coleção"
      >
        <p>Peças escolhidas entre as nossas favoritas. Volte outro dia e descubra novas.</p>
      </SectionHeading>
      <div className={productGridClasses}>
        {loading
          ? Array.from({ length: FEATURED_COUNT }, (_, i) => <ProductCardSkeleton key={i} />)
          : (products ?? []).map((product) => <ProductCard key={product.id} product={product} />)}
      </div>
      {!loading && (products ?? []).length === 0 && (
        <p className="text-center text-sm text-muted">
          Não foi possível carregar os destaques agora.
        </p>
      )}
    </section>
  );
}
