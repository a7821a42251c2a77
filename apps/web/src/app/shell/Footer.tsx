import { CATEGORIES } from '@semijoias/domain/catalog';
import { formatWhatsappNumber, whatsappChatUrl } from '@semijoias/domain/whatsapp';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatAddressLine, STORE_INFO } from '@/lib/store-info';
import { useStoreWhatsapp } from '@/lib/store-settings';
import { cx } from '@/ui/cx';
import {
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  TiktokIcon,
  WhatsappIcon,
} from '@/ui/icons';
import { WhatsappFloat } from '@/ui/whatsapp/WhatsappFloat';
import { Logo } from './Logo';

/** The social links; WhatsApp's among them only when the store has one (docs/whatsapp.md). */
function socialLinks(whatsapp: string | null) {
  return [
    { label: 'Instagram', href: STORE_INFO.social.instagram, Icon: InstagramIcon },
    ...(whatsapp
      ? [{ label: 'WhatsApp', href: whatsappChatUrl(whatsapp), Icon: WhatsappIcon }]
      : []),
    { label: 'Facebook', href: STORE_INFO.social.facebook, Icon: FacebookIcon },
    { label: 'TikTok', href: STORE_INFO.social.tiktok, Icon: TiktokIcon },
  ];
}

const heading =
  'mb-4 font-sans text-[0.7rem] font-semibold uppercase tracking-[0.22em] text-gold-light';
const link = 'inline-flex min-h-10 items-center text-ivory/80 hover:text-ivory';

/**
 * SPEC §1: social links, contact e-mail and phone, the showroom's address with a map; and the
 * floating 'Fale conosco no WhatsApp' (its code comes with the footer's: the server's HTML of it
 * is a plain link that works before).
 */
export function Footer() {
  const a = STORE_INFO.address;
  const whatsapp = useStoreWhatsapp();
  return (
    // #rodape: RootLayout loads this code when the element comes near the screen.
    <footer id="rodape" className="mt-auto bg-ink text-ivory">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 sm:py-16 lg:grid-cols-[1.1fr_0.7fr_1.2fr_1.4fr] lg:gap-12">
        <div>
          <Logo tone="light" />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-ivory/70">
            {STORE_INFO.tagline}, escolhidas a dedo por duas irmãs. Envio para todo o Brasil.
          </p>
          <ul className="mt-6 flex gap-2" aria-label="Redes sociais">
            {socialLinks(whatsapp).map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`${label} da ${STORE_INFO.name} (abre em nova aba)`}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-ivory/20 text-ivory/85 transition-colors hover:border-gold-light hover:text-gold-light"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className={heading}>Loja</h2>
          <ul className="flex flex-wrap gap-x-6 text-sm sm:block">
            {CATEGORIES.map((category) => (
              <li key={category.slug}>
                <Link to={`/${category.slug}`} className={link}>
                  {category.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/sobre-nos" className={link}>
                Sobre nós
              </Link>
            </li>
          </ul>
        </div>

        <div>
          <h2 className={heading}>Atendimento</h2>
          <ul className="space-y-1 text-sm">
            <li>
              <a
                href={`mailto:${STORE_INFO.email}`}
                className={`${link} gap-2 [overflow-wrap:anywhere]`}
              >
                <MailIcon width={18} height={18} className="shrink-0 text-gold-light" />
                {STORE_INFO.email}
              </a>
            </li>
            <li>
              <a href={STORE_INFO.phoneHref} className={`${link} gap-2`}>
                <PhoneIcon width={18} height={18} className="shrink-0 text-gold-light" />
                {STORE_INFO.phone}
              </a>
            </li>
            {whatsapp && (
              <li>
                <a
                  href={whatsappChatUrl(whatsapp)}
                  target="_blank"
                  rel="noreferrer"
                  className={`${link} gap-2`}
                >
                  <WhatsappIcon width={18} height={18} className="shrink-0 text-gold-light" />
                  WhatsApp {formatWhatsappNumber(whatsapp)}
                </a>
              </li>
            )}
            <li className="pt-1 text-ivory/60">{STORE_INFO.supportHours}</li>
          </ul>
        </div>

        <div>
          <h2 className={heading}>Showroom</h2>
          <address className="flex gap-2 text-sm not-italic leading-relaxed text-ivory/80">
            <PinIcon width={18} height={18} className="mt-0.5 shrink-0 text-gold-light" />
            <span>
              {a.street}
              <br />
              {a.district}, {a.city} - {a.state}
              <br />
              CEP {a.cep}
            </span>
          </address>
          <ShowroomMap />
          <a
            href={STORE_INFO.map.linkUrl}
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-flex min-h-10 items-center text-xs text-ivory/70 underline-offset-4 hover:text-ivory hover:underline"
          >
            Ver no mapa ampliado
          </a>
        </div>
      </div>
      <div className="border-t border-ivory/10">
        {/* Room under the last line for the floating button when there is one. */}
        <div
          className={cx(
            'container-page flex flex-col gap-1 pt-5 text-xs text-ivory/55 sm:flex-row sm:justify-between',
            whatsapp ? 'pb-24' : 'pb-5',
          )}
        >
          <p>
            © {new Date().getFullYear()} {STORE_INFO.name}. Todos os direitos reservados.
          </p>
          <p>Pagamento seguro · Envio para todo o Brasil</p>
        </div>
      </div>
      <WhatsappFloat />
    </footer>
  );
}

/** Moves the keyboard into the map the shopper just asked for (the button she pressed is gone). */
const focusOnMount = (frame: HTMLIFrameElement | null) => frame?.focus();

/**
 * A local picture of the showroom's streets until the shopper asks for the map: the map is a
 * third-party page, so no visit loads it (nor its requests and cookies) unasked.
 */
function ShowroomMap() {
  const [open, setOpen] = useState(false);
  return (
    <div className="relative mt-4 h-48 overflow-hidden rounded-2xl border border-ivory/15 bg-ink-soft">
      {open ? (
        <iframe
          ref={focusOnMount}
          title={`Mapa do showroom: ${formatAddressLine()}`}
          src={STORE_INFO.map.embedUrl}
          referrerPolicy="no-referrer-when-downgrade"
          width={480}
          height={200}
          className="block h-full w-full border-0 grayscale-[35%]"
        />
      ) : (
        <>
          <img
            src="/media/site/mapa-showroom.svg"
            // The address is written just above: the picture adds nothing to read.
            alt=""
            width={640}
            height={256}
            loading="lazy"
            decoding="async"
            className="block h-full w-full object-cover"
          />
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="absolute bottom-3 left-1/2 inline-flex min-h-11 -translate-x-1/2 items-center gap-2 rounded-full bg-ivory px-5 text-sm font-medium text-ink shadow-lift transition-colors hover:bg-cream focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-light"
          >
            <PinIcon width={16} height={16} className="shrink-0 text-gold-dark" />
            Ver mapa
          </button>
        </>
      )}
    </div>
  );
}
