/**
 * The store's own facts, in one place: the web app's shell, about page and order support
 * contacts, and the API's e-mails (their footer, the owners' default address) read them here.
 */
export const STORE_INFO = {
  name: 'Duas Irmãs Semijoias',
  shortName: 'Duas Irmãs',
  tagline: 'Semijoias banhadas a ouro 18k e ródio',
  email: 'contato@duasirmassemijoias.com.br',
  /**
   * As shown, with its tel: link. The store's WhatsApp is a setting ('Canais de venda', else
   * WHATSAPP_NUMBER; docs/whatsapp.md): the demonstration's default is this number.
   */
  phone: '(11) 97452-3180',
  phoneHref: 'tel:+5511974523180',
  supportHours: 'Segunda a sexta, das 9h às 18h',
  address: {
    street: 'Rua Oscar Freire, 1128 – sala 32',
    district: 'Jardins',
    city: 'São Paulo',
    state: 'SP',
    cep: '01426-001',
  },
  /** OpenStreetMap embed of the showroom (no API key, no cookies). */
  map: {
    embedUrl:
      'https://www.openstreetmap.org/export/embed.html?bbox=-46.6745%2C-23.5660%2C-46.6625%2C-23.5590&layer=mapnik&marker=-23.5625%2C-46.6685',
    linkUrl: 'https://www.openstreetmap.org/?mlat=-23.5625&mlon=-46.6685#map=17/-23.5625/-46.6685',
  },
  social: {
    instagram: 'https://www.instagram.com/duasirmassemijoias',
    facebook: 'https://www.facebook.com/duasirmassemijoias',
    tiktok: 'https://www.tiktok.com/@duasirmassemijoias',
  },
  /** Display only (SPEC §1): the coupon itself is BOASVINDAS, shown after e-mail verification. */
  bannerMessages: [
    'Cadastre-se e ganhe 10% OFF na primeira compra',
    'Frete grátis em compras a partir de R$ 600',
  ],
} as const;

export function formatAddressLine(): string {
  const a = STORE_INFO.address;
  return `${a.street}, ${a.district}, ${a.city} - ${a.state}, CEP ${a.cep}`;
}
