import { SectionHeading } from '@/ui/SectionHeading';
import { StarIcon } from '@/ui/icons';

const TESTIMONIALS = [
  {
    quote:
      'Comprei o solitário para usar todo dia e ele continua brilhando como no primeiro dia. Chegou rapidinho e super bem embalado!',
    name: 'Mariana S.',
    place: 'São Paulo, SP',
  },
  {
    quote:
      'Atendimento maravilhoso pelo WhatsApp: me ajudaram a montar um mix de anéis para presentear minha mãe. Ela amou!',
    name: 'Fernanda L.',
    place: 'Belo Horizonte, MG',
  },
  {
    quote:
      'Tenho pele sensível e nunca tive alergia com as peças delas. Já é a minha quarta compra.',
    name: 'Patrícia R.',
    place: 'Recife, PE',
  },
] as const;

export function Testimonials() {
  return (
    <section aria-labelledby="depoimentos-title" className="bg-cream/70 py-14 sm:py-20">
      <div className="container-page">
        <SectionHeading id="depoimentos-title" eyebrow="Depoimentos" title="Quem usa, recomenda" />
        <ul className="grid gap-4 sm:gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-line bg-white p-6 shadow-soft">
                <div className="flex gap-0.5 text-gold" role="img" aria-label="5 de 5 estrelas">
                  {Array.from({ length: 5 }, (_, i) => (
                    <StarIcon key={i} />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 font-display text-xl leading-snug text-ink">
                  “{t.quote}”
                </blockquote>
                <figcaption className="mt-5 text-sm">
                  <span className="font-semibold text-ink">{t.name}</span>
                  <span className="text-muted"> · {t.place}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
