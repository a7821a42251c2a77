import { CATEGORIES } from '@semijoias/domain/catalog';
import { formatWhatsappNumber, whatsappChatUrl } from '@semijoias/domain/whatsapp';
import { NavLink } from 'react-router';
import { STORE_INFO } from '@/lib/store-info';
import { useStoreWhatsapp } from '@/lib/store-settings';
import { cx } from '@/ui/cx';
import { Drawer } from '@/ui/Drawer';
import { ChevronRightIcon, MailIcon, WhatsappIcon } from '@/ui/icons';
import { SmartImage } from '@/ui/SmartImage';

/** The phone's navigation: the four categories, the about page and the contacts. */
export function MobileMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const close = () => onOpenChange(false);
  // The store's WhatsApp as the owners set it; none shown when there is none.
  const whatsapp = useStoreWhatsapp();
  const item = ({ isActive }: { isActive: boolean }) =>
    cx('flex min-h-14 items-center gap-4 px-5 py-2 hover:bg-cream', isActive && 'bg-cream');

  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Menu">
      <nav aria-label="Categorias" className="py-2">
        <ul>
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <NavLink to={`/${category.slug}`} onClick={close} className={item}>
                <SmartImage
                  src={`/media/site/categoria-${category.slug}.svg`}
                  alt=""
                  width={48}
                  height={48}
                  className="h-12 w-12 shrink-0 rounded-xl border border-line object-cover"
                />
                <span className="flex-1 font-display text-2xl font-semibold">{category.title}</span>
                <ChevronRightIcon width={18} height={18} className="text-muted" />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-line py-2">
        <NavLink to="/sobre-nos" onClick={close} className={item}>
          <span className="flex-1 text-sm font-medium uppercase tracking-[0.16em]">Sobre nós</span>
          <ChevronRightIcon width={18} height={18} className="text-muted" />
        </NavLink>
      </div>
      <div className="space-y-1 border-t border-line px-5 py-5 text-sm text-ink-soft">
        <p className="eyebrow mb-2">Fale com a gente</p>
        {whatsapp && (
          <a
            href={whatsappChatUrl(whatsapp)}
            target="_blank"
            rel="noreferrer"
            className="flex min-h-11 items-center gap-3 hover:text-ink"
          >
            <WhatsappIcon className="text-gold-dark" /> {formatWhatsappNumber(whatsapp)}
          </a>
        )}
        <a
          href={`mailto:${STORE_INFO.email}`}
          className="flex min-h-11 items-center gap-3 break-all hover:text-ink"
        >
          <MailIcon width={20} height={20} className="shrink-0 text-gold-dark" /> {STORE_INFO.email}
        </a>
        <p className="pt-1 text-xs text-muted">{STORE_INFO.supportHours}</p>
      </div>
    </Drawer>
  );
}
