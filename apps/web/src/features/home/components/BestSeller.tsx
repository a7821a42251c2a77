import { priceCents, productPath, type Product, type ProductLinkState } from '@/lib/product';
import { Badge } from '@/ui/Badge';
import { ButtonLink } from '@/ui/Button';
import { PaymentTerms } from '@/ui/PaymentTerms';
import { Price } from '@/ui/Price';
import { Skeleton } from '@/ui/Spinner';
import { SmartImage } from '@/ui/SmartImage';

/** The first of GET /api/listar_best_sellers/ is the store's best seller ('Mais Vendido'). */
export function BestSeller({
  product,
  loading,
}: {
  product: Product | undefined;
  loading: boolean;
}) {
  if (!product && !loading) return null;
  return (
    <section aria-labelledby="best-seller-title" className="bg-ink text-ivory">
      <div className="container-page grid items-center gap-8 py-14 sm:py-20 lg:grid-cols-2 lg:gap-16">
        <div className="relative mx-auto w-full max-w-md lg:max-w-lg">
          {product ? (
            <SmartImage
              src={product.img_pessoa ?? product.image}
              alt={`${product.name} em uso`}
              width={900}
              height={900}
              className="aspect-square w-full rounded-2xl bg-ink-soft object-cover"
            />
          ) : (
            <Skeleton className="aspect-square w-full rounded-2xl bg-ink-soft" />
          )}
          <Badge tone="gold" className="absolute left-4 top-4 px-3 py-1.5 shadow-lift">
            Mais Vendido
          </Badge>
        </div>
        <div className="text-center lg:text-left">
          <p className="eyebrow mb-3 !text-gold-light">A queridinha das clientes</p>
          {product ? (
            <>
              <h2
                id="best-seller-title"
                className="font-display text-[2rem] font-semibold leading-tight sm:text-5xl"
              >
                {product.name}
              </h2>
              <p className="mx-auto mt-4 line-clamp-4 max-w-lg text-[0.95rem] leading-relaxed text-ivory/75 lg:mx-0">
                {product.description}
              </p>
              <Price
                product={product}
                size="lg"
                tone="light"
                className="mt-5 justify-center lg:justify-start"
              />
              <PaymentTerms
                amountCents={priceCents(product)}
                size="md"
                tone="light"
                className="mt-1.5 items-center lg:items-start"
              />
              <ButtonLink
                to={productPath(product.id)}
                state={{ product } satisfies ProductLinkState}
                variant="light"
                size="lg"
                className="mt-7"
              >
                Ver detalhes
              </ButtonLink>
            </>
          ) : (
            <div className="space-y-3">
              <h2 id="best-seller-title" className="sr-only">
                A peça mais vendida
              </h2>
              <Skeleton className="mx-auto h-10 w-3/4 bg-ink-soft lg:mx-0" />
              <Skeleton className="mx-auto h-20 w-full bg-ink-soft lg:mx-0" />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
