import { usePageHead } from '@/lib/page-head';
import { STORE_INFO } from '@/lib/store-info';
import { ButtonLink } from '@/ui/Button';
import { SmartImage } from '@/ui/SmartImage';

/** SPEC §2 About: a video and the story of the two sisters who run the store together. */
export function AboutPage() {
  usePageHead({
    title: 'Sobre nós',
    description: `Conheça a história da ${STORE_INFO.name}: duas irmãs que criam e escolhem semijoias banhadas a ouro 18k e ródio, com garantia e envio para todo o Brasil.`,
    path: '/sobre-nos',
    image: '/media/site/sobre-irmas.svg',
  });
  return (
    <>
      <header className="border-b border-line bg-cream/60">
        <div className="container-page py-10 text-center sm:py-14">
          <p className="eyebrow mb-2">Sobre nós</p>
          <h1 className="font-display text-4xl font-semibold text-ink sm:text-5xl">
            Duas irmãs, uma paixão
          </h1>
          <p className="mx-auto mt-3 max-w-xl text-[0.95rem] leading-relaxed text-muted sm:text-base">
            A {STORE_INFO.name} nasceu na mesa da cozinha da nossa mãe e hoje leva brilho para
            clientes de todo o Brasil.
          </p>
        </div>
      </header>

      <section aria-labelledby="video-title" className="container-page py-10 sm:py-14">
        <h2 id="video-title" className="sr-only">
          Vídeo: conheça o nosso ateliê
        </h2>
        <div className="mx-auto max-w-4xl overflow-hidden rounded-2xl border border-line bg-ink shadow-lift">
          <video
            controls
            playsInline
            preload="none"
            poster="/media/site/sobre-video-poster.svg"
            width={1280}
            height={720}
            className="aspect-video w-full bg-ink object-cover"
          >
            <source src="/media/site/sobre-video.mp4" type="video/mp4" />
            Seu navegador não reproduz vídeos. Conheça a nossa história no texto abaixo.
          </video>
        </div>
        <p className="mt-3 text-center text-sm text-muted">
          Um dia no nosso ateliê, da escolha das peças à embalagem.
        </p>
      </section>

      <section aria-labelledby="historia-title" className="container-page pb-14 sm:pb-20">
        <div className="grid items-start gap-10 lg:grid-cols-[1fr_1.1fr] lg:gap-16">
          <SmartImage
            src="/media/site/sobre-irmas.svg"
            alt="Ilustração das irmãs Carolina e Juliana lado a lado, sorrindo, com joias douradas"
            width={1200}
            height={800}
            className="mx-auto aspect-[3/2] w-full max-w-xl rounded-2xl border border-line bg-cream object-cover shadow-soft lg:sticky lg:top-32"
          />
          <div className="max-w-prose text-[1rem] leading-relaxed text-ink-soft">
            <h2
              id="historia-title"
              className="font-display text-3xl font-semibold text-ink sm:text-4xl"
            >
              A nossa história
            </h2>
            <p className="mt-5">
              Somos a Carolina e a Juliana, irmãs, sócias e melhores amigas. Crescemos na Mooca, em
              São Paulo, vendo a nossa avó guardar com cuidado as poucas joias que tinha: um anel de
              formatura, um par de brincos de pérola, uma correntinha com medalha. Cada peça tinha
              uma história, e ela adorava contar todas.
            </p>
            <p className="mt-4">
              Em 2016, a Carol trabalhava com moda e a Ju era contadora. Começamos a garimpar
              semijoias para nós mesmas e, de tanto as amigas perguntarem onde tínhamos comprado,
              montamos uma maleta e passamos a vender nos fins de semana. A primeira “loja” foi a
              mesa da cozinha da nossa mãe, que até hoje ajuda a embalar os pedidos.
            </p>
            <p className="mt-4">
              Aprendemos muito desde então. Visitamos fornecedores em Limeira, a capital brasileira
              da semijoia, testamos banhos, comparamos fechos e descartamos tudo o que escurecia ou
              dava alergia. Só entra na loja o que nós duas usaríamos: banho de ouro 18k ou ródio
              com camadas generosas, zircônias bem cravadas e peças livres de níquel.
            </p>
            <p className="mt-4">
              Hoje a Carol cuida da curadoria e das fotos, e a Ju dos pedidos, do financeiro e do
              atendimento. Cada encomenda ainda é conferida à mão, embalada com carinho e enviada em
              até 24 horas. Do nosso showroom nos Jardins, atendemos clientes do Oiapoque ao Chuí.
            </p>
            <blockquote className="mt-8 border-l-2 border-gold pl-5 font-display text-2xl leading-snug text-ink">
              “Queremos que cada joia seja como as da nossa avó: usada todos os dias e cheia de
              história.”
              <footer className="mt-2 font-sans text-sm text-muted">Carolina e Juliana</footer>
            </blockquote>
            <ButtonLink to="/" variant="primary" size="lg" className="mt-10">
              Conheça a coleção
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
