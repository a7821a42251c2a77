import { useState } from 'react';
import type { Product, ProductSummary } from '@/lib/product';
import { cx } from '@/ui/cx';
import { SmartImage } from '@/ui/SmartImage';

interface GalleryImage {
  src: string;
  alt: string;
}

/** The product's photos in a sensible order, without gaps or repeats. */
export function galleryImages(product: ProductSummary | Product): GalleryImage[] {
  const full = 'img_pessoa' in product ? product : null;
  const candidates: [string | null | undefined, string][] = [
    [product.image, product.name],
    [full?.img_pessoa, `${product.name} em uso`],
    [full?.composicao_img_1, `Composição com ${product.name}`],
    [full?.composicao_img_2, `Composição com ${product.name}, outro ângulo`],
    [full?.composicao_img_3, `Composição com ${product.name}, detalhe`],
  ];
  const seen = new Set<string>();
  const out: GalleryImage[] = [];
  for (const [src, alt] of candidates) {
    if (src && !seen.has(src)) {
      seen.add(src);
      out.push({ src, alt });
    }
  }
  return out;
}

export function ProductGallery({ product }: { product: ProductSummary | Product }) {
  const images = galleryImages(product);
  const [selected, setSelected] = useState(0);
  // The first photo is the page's largest paint: it shows at once; a photo the shopper picks
  // fades in.
  const [picked, setPicked] = useState(false);
  const current = images[Math.min(selected, images.length - 1)];

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl border border-line bg-white">
        <SmartImage
          // A new key per photo restarts the short fade-in, so switching feels deliberate.
          key={current?.src ?? 'none'}
          src={current?.src}
          alt={current?.alt ?? product.name}
          width={900}
          height={900}
          loading="eager"
          fetchPriority="high"
          className={cx('aspect-square w-full object-cover', picked && 'animate-fade-in')}
        />
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Fotos do produto">
          {images.map((image, index) => (
            <li key={image.src} className="shrink-0">
              <button
                type="button"
                onClick={() => {
                  setSelected(index);
                  setPicked(true);
                }}
                aria-label={`Ver foto ${index + 1} de ${images.length}: ${image.alt}`}
                aria-current={index === selected ? 'true' : undefined}
                className={cx(
                  'block h-16 w-16 overflow-hidden rounded-xl border-2 bg-white transition-colors sm:h-20 sm:w-20',
                  index === selected
                    ? 'border-gold'
                    : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <SmartImage
                  src={image.src}
                  alt=""
                  width={160}
                  height={160}
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
