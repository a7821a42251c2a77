import { CATEGORIES } from '@semijoias/domain/catalog';
import { Link } from 'react-router';
import { SectionHeading } from '@/ui/SectionHeading';
import { SmartImage } from '@/ui/SmartImage';

export function CategoryCards() {
  return (
    <section aria-labelledby="categorias-title" className="container-page py-14 sm:py-20">
      <SectionHeading id="categorias-title" eyebrow="Coleções" title="Encontre a sua joia">
        <p>
          Quatro coleções pensadas para combinar entre si, do básico do dia a dia ao brilho da
          festa.
        </p>
      </SectionHeading>
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
        {CATEGORIES.map((category) => (
          <li key={category.slug}>
            <Link
              to={`/${category.slug}`}
              className="group relative block overflow-hidden rounded-2xl border border-line bg-cream shadow-soft"
            >
              <SmartImage
                src={`/media/site/categoria-${category.slug}.svg`}
                alt=""
                width={600}
                height={750}
                className="aspect-[4/5] w-full object-cover transition-transform duration-500 group-hover:scale-[1.04]"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/75 via-ink/30 to-transparent px-4 pb-4 pt-12 text-ivory">
                <span className="block font-display text-2xl font-semibold sm:text-3xl">
                  {category.title}
                </span>
                <span className="mt-0.5 block text-xs uppercase tracking-[0.18em] text-ivory/85">
                  Ver coleção
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
