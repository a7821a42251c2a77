import { ChatIcon, ShieldIcon, TruckIcon } from '@/ui/icons';

const BENEFITS = [
  {
    Icon: TruckIcon,
    title: 'Entrega em 24h',
    text: 'Na região metropolitana de São Paulo, o seu pedido chega em até 24 horas.',
  },
  {
    Icon: ShieldIcon,
    title: 'Pagamento seguro',
    text: 'Você paga em uma página protegida; seus dados de cartão não passam pela loja.',
  },
  {
    Icon: ChatIcon,
    title: 'Atendimento de verdade',
    text: 'De segunda a sexta, das 9h às 18h, pelo WhatsApp e por e-mail.',
  },
] as const;

export function Benefits() {
  return (
    <section aria-label="Vantagens de comprar conosco" className="border-y border-line bg-white">
      <ul className="container-page grid gap-6 py-10 sm:grid-cols-3 sm:gap-8 sm:py-12">
        {BENEFITS.map(({ Icon, title, text }) => (
          <li key={title} className="flex items-start gap-4">
            <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-cream text-gold-dark">
              <Icon />
            </span>
            <span>
              <span className="block font-display text-xl font-semibold text-ink">{title}</span>
              <span className="mt-1 block text-sm leading-relaxed text-muted">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
