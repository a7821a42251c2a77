import { ButtonLink } from '@/ui/Button';

const STATS = [
  { value: '100%', label: 'Qualidade em cada peça' },
  { value: '500+', label: 'Clientes apaixonadas' },
  { value: '24h', label: 'Para o seu pedido sair' },
] as const;

export function StorySection() {
  return (
    <section aria-labelledby="historia-title" className="container-page py-14 sm:py-20">
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="eyebrow mb-2">Nossa história</p>
          <h2
            id="historia-title"
            className="font-display text-[2rem] font-semibold leading-tight sm:text-4xl"
          >
            Duas irmãs, um sonho banhado a ouro
          </h2>
          <p className="mt-4 text-[0.95rem] leading-relaxed text-ink-soft sm:text-base">
            Começamos vendendo para amigas na sala de casa, em São Paulo. Hoje escolhemos cada peça
            com o mesmo carinho: banho de ouro 18k de verdade, pedras bem cravadas e acabamento que
            resiste ao dia a dia. Se não usaríamos, não vendemos.
          </p>
          <ButtonLink to="/sobre-nos" variant="outline" className="mt-6">
            Conheça a nossa história
          </ButtonLink>
        </div>
        <dl className="grid grid-cols-3 gap-3 sm:gap-5">
          {STATS.map((stat) => (
            <div
              key={stat.value}
              className="flex flex-col rounded-2xl border border-line bg-white px-2 py-6 text-center shadow-soft sm:px-4 sm:py-8"
            >
              <dt className="order-2 mt-2 text-xs leading-snug text-muted sm:text-sm">
                {stat.label}
              </dt>
              <dd className="order-1 font-display text-3xl font-semibold text-gold-dark sm:text-5xl">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
