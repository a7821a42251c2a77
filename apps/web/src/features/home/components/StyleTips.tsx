import { SectionHeading } from '@/ui/SectionHeading';

const TIPS = [
  {
    title: 'Mix de anéis sem exagero',
    text: 'Combine um solitário com um aparador fino e um anel de falange. Mantenha o mesmo banho para um visual harmônico.',
  },
  {
    title: 'Ponto de luz para todas as horas',
    text: 'Brinco e colar ponto de luz vão do escritório ao jantar. À noite, some uma pulseira riviera para mais brilho.',
  },
  {
    title: 'Cuidados que fazem durar',
    text: 'Coloque as joias depois do perfume e do creme, evite piscina e mar, e guarde cada peça separada em saquinho.',
  },
] as const;

export function StyleTips() {
  return (
    <section aria-labelledby="dicas-title" className="container-page py-14 sm:py-20">
      <SectionHeading
        id="dicas-title"
        eyebrow="Dicas de estilo"
        title="Como usar e cuidar das suas joias"
      />
      <ol className="grid gap-6 md:grid-cols-3 md:gap-8">
        {TIPS.map((tip, index) => (
          <li key={tip.title} className="border-t border-gold/40 pt-5">
            <span aria-hidden="true" className="font-display text-4xl text-gold">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="mt-2 font-display text-2xl font-semibold text-ink">{tip.title}</h3>
            <p className="mt-2 text-[0.95rem] leading-relaxed text-muted">{tip.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
