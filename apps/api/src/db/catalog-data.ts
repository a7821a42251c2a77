/**
 * The believable catalog the database is seeded with on first start (ARCHITECTURE "Catalog data and
 * images"). Pure data plus small pure helpers: no I/O here. The images named by
 * {@link productImageFiles} are drawn by `apps/api/scripts/draw-images.ts` into
 * `apps/api/media/produtos/` and committed.
 */
import type { CategoryName } from '@semijoias/domain/catalog';

export interface SeedProduct {
  /** Stable slug, unique, ascii; also the base name of the product's image files. */
  key: string;
  /** Portuguese name shown in the store. */
  name: string;
  category: CategoryName;
  /** Integer centavos. */
  priceCents: number;
  /** Set (higher than priceCents) exactly when promocao is true. */
  originalPriceCents?: number;
  description: string;
  stock: number;
  novo: boolean;
  promocao: boolean;
  /** Best sellers are ordered by it; exactly one product is clearly the top ('Mais Vendido'). */
  salesCount: number;
  /** Whether a third composition image (`<key>-look-3.svg`) exists. */
  hasLook3: boolean;
  /** Keys of other products (other categories) that complete the look. */
  composicoes: string[];
  /**
   * Sold by size: the axis and each size's stock, in order. `stock` above is then
   * their sum (catalogSeedProblems checks it).
   */
  variations?: { axis: string; sizes: readonly { name: string; stock: number }[] };
}

/** Ring sizes 12 to 26 ('Aro'), `stocks` in order (15 numbers). */
function ringSizes(stocks: readonly number[]): NonNullable<SeedProduct['variations']> {
  return { axis: 'Aro', sizes: stocks.map((stock, i) => ({ name: String(12 + i), stock })) };
}

/** Necklace lengths ('Comprimento'). */
function necklaceLengths(
  stocks: readonly [number, number, number],
): NonNullable<SeedProduct['variations']> {
  const names = ['40 cm', '45 cm', '50 cm'];
  return { axis: 'Comprimento', sizes: stocks.map((stock, i) => ({ name: names[i]!, stock })) };
}

export const catalogSeed: SeedProduct[] = [
  // ───────────────────────────── Anéis ─────────────────────────────
  {
    key: 'anel-solitario-zirconia-cristal',
    name: 'Anel Solitário Zircônia Cristal Dourado',
    category: 'Anel',
    priceCents: 12990,
    description:
      'Solitário clássico com zircônia cristal de 6 mm presa por quatro garras, em banho de ouro 18k com três camadas. Antialérgico e livre de níquel, tem garantia de 1 ano no banho.',
    stock: 24,
    novo: false,
    promocao: false,
    salesCount: 684,
    hasLook3: true,
    composicoes: [
      'brinco-ponto-de-luz-zirconia',
      'colar-ponto-de-luz-dourado',
      'pulseira-veneziana-ponto-de-luz',
    ],
  },
  {
    key: 'anel-aparador-cravejado',
    name: 'Anel Aparador Cravejado Zircônias Dourado',
    category: 'Anel',
    priceCents: 8990,
    description:
      'Aparador fino cravejado com zircônias brancas na metade frontal, perfeito para usar junto do solitário ou da aliança. Banho de ouro 18k, antialérgico, aro regulável do 14 ao 18.',
    stock: 36,
    novo: false,
    promocao: false,
    salesCount: 512,
    hasLook3: false,
    composicoes: ['brinco-argola-cravejada-dourada', 'pulseira-riviera-zirconias-rodio'],
  },
  {
    key: 'anel-meia-alianca-rodio',
    name: 'Anel Meia Aliança Zircônias Ródio',
    category: 'Anel',
    priceCents: 11990,
    description:
      'Meia aliança com fileira de zircônias cristal cravadas em trilho, banhada a ródio branco para um brilho de prata intenso. Largura de 3 mm, hipoalergênica e com garantia de 1 ano.',
    stock: 18,
    novo: false,
    promocao: false,
    salesCount: 433,
    hasLook3: true,
    composicoes: [
      'brinco-franja-cristais-rodio',
      'colar-choker-riviera-rodio',
      'pulseira-riviera-zirconias-rodio',
    ],
  },
  {
    key: 'anel-gota-esmeralda',
    name: 'Anel Gota Esmeralda Dourado',
    category: 'Anel',
    priceCents: 14990,
    description:
      'Pedra em gota cor esmeralda com halo de microzircônias, montada em aro delicado com banho de ouro 18k. Antialérgico e livre de níquel; guarde separado das outras peças para preservar o brilho.',
    stock: 14,
    novo: true,
    promocao: false,
    salesCount: 96,
    hasLook3: true,
    composicoes: [
      'brinco-gota-esmeralda',
      'colar-veneziana-gota-esmeralda',
      'pulseira-tennis-esmeralda',
    ],
  },
  {
    key: 'anel-chevalier-madreperola',
    name: 'Anel Chevalier Madrepérola Dourado',
    category: 'Anel',
    priceCents: 13990,
    description:
      'Anel estilo chevalier com placa oval de madrepérola natural e moldura polida, em banho de ouro 18k. Cada madrepérola tem veios únicos; evite contato com perfume e água do mar.',
    stock: 14,
    novo: false,
    promocao: false,
    salesCount: 241,
    hasLook3: false,
    composicoes: ['colar-medalha-madreperola', 'brinco-flor-madreperola'],
    variations: ringSizes([0, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1]),
  },
  {
    key: 'anel-falange-liso-dourado',
    name: 'Anel de Falange Liso Dourado',
    category: 'Anel',
    priceCents: 4990,
    description:
      'Anel de falange fininho e liso, para usar na ponta dos dedos ou empilhado em mix. Banho de ouro 18k sobre latão, antialérgico, com garantia de 6 meses.',
    stock: 40,
    novo: false,
    promocao: false,
    salesCount: 377,
    hasLook3: false,
    composicoes: ['brinco-piercing-fake-trio', 'pulseira-cartier-dourada'],
  },
  {
    key: 'anel-halo-rubi-rodio',
    name: 'Anel Halo Rubi Ródio',
    category: 'Anel',
    priceCents: 16990,
    description:
      'Zircônia redonda cor rubi cercada por um halo de pontos de luz cristal, em banho de ródio branco. Uma peça de festa com brilho de joia fina; antialérgica e com garantia de 1 ano.',
    stock: 31,
    novo: false,
    promocao: false,
    salesCount: 158,
    hasLook3: true,
    composicoes: [
      'brinco-solitario-rubi-rodio',
      'colar-gota-rubi-rodio',
      'pulseira-gotinhas-rubi-rodio',
    ],
    variations: ringSizes([0, 1, 2, 3, 4, 4, 3, 3, 3, 2, 2, 2, 2, 0, 0]),
  },
  {
    key: 'anel-oval-safira-prateado',
    name: 'Anel Oval Safira Prateado',
    category: 'Anel',
    priceCents: 15990,
    originalPriceCents: 19990,
    description:
      'Pedra oval cor safira em garras duplas sobre aro de prata 925 com acabamento polido. Hipoalergênico; limpe com flanela seca e guarde no saquinho que acompanha a peça.',
    stock: 12,
    novo: false,
    promocao: true,
    salesCount: 189,
    hasLook3: false,
    composicoes: ['colar-solitario-safira-prateado', 'pulseira-olho-grego-safira'],
    variations: ringSizes([1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]),
  },
  {
    key: 'anel-perola-shell-dourado',
    name: 'Anel Pérola Shell Dourado',
    category: 'Anel',
    priceCents: 9990,
    description:
      'Pérola shell de 8 mm sobre aro fino com banho de ouro 18k, um clássico que vai do escritório ao jantar. Antialérgico; a pérola shell é resistente e não perde o lustre com o uso.',
    stock: 22,
    novo: false,
    promocao: false,
    salesCount: 298,
    hasLook3: true,
    composicoes: [
      'brinco-perola-shell-classico',
      'colar-gargantilha-perolas-shell',
      'pulseira-perolas-shell',
    ],
    variations: ringSizes([1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 0, 1]),
  },
  {
    key: 'anel-ondas-rose',
    name: 'Anel Ondas Rosé',
    category: 'Anel',
    priceCents: 7990,
    description:
      'Aro ondulado de 4 mm com acabamento escovado e banho de ouro rosé. Leve e confortável para o dia a dia, antialérgico e com garantia de 1 ano.',
    stock: 12,
    novo: true,
    promocao: false,
    salesCount: 64,
    hasLook3: false,
    composicoes: ['brinco-argola-torcida-rose', 'pulseira-bracelete-cravejado-rose'],
    variations: ringSizes([0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]),
  },
  {
    key: 'anel-trio-aparadores-mix',
    name: 'Conjunto 3 Anéis Aparadores Mix Dourado',
    category: 'Anel',
    priceCents: 17990,
    originalPriceCents: 21990,
    description:
      'Trio de aparadores para empilhar: um liso, um trançado e um cravejado com zircônias. Banho de ouro 18k, antialérgicos, vendidos juntos no mesmo tamanho.',
    stock: 13,
    novo: false,
    promocao: true,
    salesCount: 352,
    hasLook3: true,
    composicoes: [
      'pulseira-mix-tres-pulseiras',
      'colar-layering-tres-fios',
      'brinco-argola-media-lisa-dourada',
    ],
    variations: ringSizes([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]),
  },
  {
    key: 'anel-riviera-rodio-negro',
    name: 'Anel Riviera Ródio Negro Zircônias Negras',
    category: 'Anel',
    priceCents: 13990,
    description:
      'Aro inteiro cravejado com zircônias negras em banho de ródio negro, moderno e marcante. Antialérgico, com garantia de 1 ano; evite produtos de limpeza abrasivos.',
    stock: 0,
    novo: false,
    promocao: false,
    salesCount: 143,
    hasLook3: false,
    composicoes: ['brinco-ear-hook-rodio-negro', 'colar-gravata-rodio-negro'],
  },
  {
    key: 'anel-coracao-zirconia-rose',
    name: 'Anel Coração Zircônia Rosé',
    category: 'Anel',
    priceCents: 10990,
    description:
      'Zircônia lapidada em coração presa por três garras, em banho de ouro rosé com aro fino. Um presente romântico, antialérgico e com garantia de 1 ano.',
    stock: 16,
    novo: true,
    promocao: false,
    salesCount: 71,
    hasLook3: false,
    composicoes: ['colar-coracao-vazado-rose', 'pulseira-berloques-coracao'],
    variations: ringSizes([0, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 1, 0, 0]),
  },
  {
    key: 'anel-chunky-trancado-dourado',
    name: 'Anel Chunky Trançado Dourado',
    category: 'Anel',
    priceCents: 12990,
    originalPriceCents: 15990,
    description:
      'Anel largo de 8 mm com trama trançada em alto-relevo e banho de ouro 18k. Peça statement que brilha sozinha; antialérgica e livre de níquel.',
    stock: 19,
    novo: false,
    promocao: true,
    salesCount: 205,
    hasLook3: false,
    composicoes: ['pulseira-elos-grumet-dourada', 'brinco-maxi-argola-dourada'],
    variations: ringSizes([1, 0, 2, 2, 3, 2, 2, 2, 1, 1, 1, 1, 0, 1, 0]),
  },

  // ───────────────────────────── Brincos ─────────────────────────────
  {
    key: 'brinco-argola-cravejada-dourada',
    name: 'Brinco Argola Cravejada Zircônias Dourada',
    category: 'Brinco',
    priceCents: 11990,
    description:
      'Argola média de 2 cm cravejada com zircônias cristal na face frontal e fecho click seguro. Banho de ouro 18k com três camadas, antialérgica e com garantia de 1 ano.',
    stock: 38,
    novo: false,
    promocao: false,
    salesCount: 1287,
    hasLook3: true,
    composicoes: [
      'anel-aparador-cravejado',
      'colar-ponto-de-luz-dourado',
      'pulseira-riviera-zirconias-rodio',
    ],
  },
  {
    key: 'brinco-ponto-de-luz-zirconia',
    name: 'Brinco Ponto de Luz Zircônia 6 mm Ródio',
    category: 'Brinco',
    priceCents: 5990,
    description:
      'O ponto de luz essencial: zircônia cristal de 6 mm em garras, banho de ródio branco e tarraxa de silicone. Hipoalergênico, ideal para o segundo furo ou para noivas.',
    stock: 40,
    novo: false,
    promocao: false,
    salesCount: 842,
    hasLook3: false,
    composicoes: ['anel-solitario-zirconia-cristal', 'colar-choker-riviera-rodio'],
  },
  {
    key: 'brinco-ear-cuff-cravejado',
    name: 'Ear Cuff Cravejado Dourado',
    category: 'Brinco',
    priceCents: 7990,
    description:
      'Ear cuff que abraça a cartilagem sem precisar de furo, com uma linha de microzircônias. Banho de ouro 18k, ajuste delicado com os dedos; vendido por unidade.',
    stock: 27,
    novo: true,
    promocao: false,
    salesCount: 118,
    hasLook3: false,
    composicoes: ['anel-falange-liso-dourado', 'colar-cruz-cravejada-dourada'],
  },
  {
    key: 'brinco-piercing-fake-trio',
    name: 'Piercing Fake Trio Argolinhas Prateado',
    category: 'Brinco',
    priceCents: 4990,
    description:
      'Trio de argolinhas de pressão que imitam piercing de orelha, sem furo. Banho de prata 925 com verniz protetor, antialérgico; tamanhos de 8, 10 e 12 mm.',
    stock: 33,
    novo: false,
    promocao: false,
    salesCount: 466,
    hasLook3: false,
    composicoes: ['anel-falange-liso-dourado', 'pulseira-cartier-dourada'],
  },
  {
    key: 'brinco-gota-esmeralda',
    name: 'Brinco Gota Esmeralda Dourado',
    category: 'Brinco',
    priceCents: 14990,
    description:
      'Gota cor esmeralda pendente de um ponto de luz cristal, com 2,5 cm de comprimento. Banho de ouro 18k, antialérgico; um toque de cor para festas e casamentos.',
    stock: 12,
    novo: true,
    promocao: false,
    salesCount: 134,
    hasLook3: true,
    composicoes: [
      'anel-gota-esmeralda',
      'colar-veneziana-gota-esmeralda',
      'pulseira-tennis-esmeralda',
    ],
  },
  {
    key: 'brinco-perola-shell-classico',
    name: 'Brinco Pérola Shell 8 mm Dourado',
    category: 'Brinco',
    priceCents: 6990,
    description:
      'Par de pérolas shell de 8 mm com pino e tarraxa em banho de ouro 18k. Atemporal, leve e antialérgico, com garantia de 1 ano.',
    stock: 35,
    novo: false,
    promocao: false,
    salesCount: 611,
    hasLook3: false,
    composicoes: ['colar-gargantilha-perolas-shell', 'anel-perola-shell-dourado'],
  },
  {
    key: 'brinco-franja-cristais-rodio',
    name: 'Brinco Franja Cristais Ródio',
    category: 'Brinco',
    priceCents: 18990,
    description:
      'Brinco longo com franjas de cristais que se movimentam a cada gesto, 6 cm de comprimento. Banho de ródio branco, peso leve e fecho de pressão; guarde pendurado para não embaraçar.',
    stock: 8,
    novo: false,
    promocao: false,
    salesCount: 172,
    hasLook3: false,
    composicoes: ['anel-meia-alianca-rodio', 'pulseira-riviera-zirconias-rodio'],
  },
  {
    key: 'brinco-argola-torcida-rose',
    name: 'Brinco Argola Torcida Rosé',
    category: 'Brinco',
    priceCents: 10990,
    originalPriceCents: 13990,
    description:
      'Argola torcida de 3 cm em banho de ouro rosé, que reflete a luz em todas as voltas. Leve, antialérgica e com fecho click.',
    stock: 15,
    novo: false,
    promocao: true,
    salesCount: 226,
    hasLook3: false,
    composicoes: ['anel-ondas-rose', 'colar-coracao-vazado-rose'],
  },
  {
    key: 'brinco-ear-hook-rodio-negro',
    name: 'Brinco Ear Hook Ródio Negro',
    category: 'Brinco',
    priceCents: 11990,
    description:
      'Ear hook curvo que contorna o lóbulo, cravejado com zircônias negras sobre banho de ródio negro. Visual urbano e sofisticado; antialérgico e com garantia de 1 ano.',
    stock: 10,
    novo: true,
    promocao: false,
    salesCount: 57,
    hasLook3: false,
    composicoes: ['anel-riviera-rodio-negro', 'colar-gravata-rodio-negro'],
  },
  {
    key: 'brinco-flor-madreperola',
    name: 'Brinco Flor Madrepérola Dourado',
    category: 'Brinco',
    priceCents: 9990,
    description:
      'Flor de cinco pétalas em madrepérola natural com miolo de zircônia, moldura em banho de ouro 18k. Cada par tem reflexos únicos; evite água e perfume.',
    stock: 20,
    novo: false,
    promocao: false,
    salesCount: 263,
    hasLook3: false,
    composicoes: ['anel-chevalier-madreperola', 'pulseira-bracelete-madreperola'],
  },
  {
    key: 'brinco-maxi-argola-dourada',
    name: 'Brinco Maxi Argola Grossa Dourada',
    category: 'Brinco',
    priceCents: 15990,
    originalPriceCents: 18990,
    description:
      'Maxi argola tubular de 5 cm, oca e leve para usar o dia inteiro. Banho de ouro 18k com verniz protetor, antialérgica e com garantia de 1 ano.',
    stock: 17,
    novo: false,
    promocao: true,
    salesCount: 318,
    hasLook3: false,
    composicoes: ['anel-chunky-trancado-dourado', 'colar-choker-elos-dourado'],
  },
  {
    key: 'brinco-solitario-rubi-rodio',
    name: 'Brinco Solitário Rubi Ródio',
    category: 'Brinco',
    priceCents: 8990,
    description:
      'Ponto de luz com zircônia cor rubi de 5 mm em garras, banho de ródio branco. Pequeno e cheio de personalidade, hipoalergênico e com tarraxa de silicone.',
    stock: 21,
    novo: false,
    promocao: false,
    salesCount: 149,
    hasLook3: false,
    composicoes: ['anel-halo-rubi-rodio', 'colar-gota-rubi-rodio'],
  },
  {
    key: 'brinco-trepador-zirconias',
    name: 'Brinco Trepador Zircônias Dourado',
    category: 'Brinco',
    priceCents: 12990,
    description:
      'Brinco trepador (ear climber) que sobe pela orelha com cinco zircônias em degradê. Banho de ouro 18k, antialérgico; encaixe no furo e ajuste a haste à curva da orelha.',
    stock: 1,
    novo: true,
    promocao: false,
    salesCount: 74,
    hasLook3: false,
    composicoes: ['anel-solitario-zirconia-cristal', 'colar-ponto-de-luz-dourado'],
  },
  {
    key: 'brinco-argola-perolas-pendentes',
    name: 'Brinco Argola com Pérolas Pendentes Dourada',
    category: 'Brinco',
    priceCents: 13990,
    description:
      'Argola fina de 2,5 cm com três pérolas shell pendentes que balançam com delicadeza. Banho de ouro 18k, antialérgica e com garantia de 1 ano.',
    stock: 14,
    novo: true,
    promocao: false,
    salesCount: 88,
    hasLook3: true,
    composicoes: [
      'colar-gargantilha-perolas-shell',
      'pulseira-perolas-shell',
      'anel-perola-shell-dourado',
    ],
  },
  {
    key: 'brinco-argola-media-lisa-dourada',
    name: 'Brinco Argola Média Lisa Dourada',
    category: 'Brinco',
    priceCents: 8990,
    description:
      'A argola lisa que combina com tudo: 2,5 cm de diâmetro, tubo de 3 mm e fecho click. Banho de ouro 18k, antialérgica e com garantia de 1 ano.',
    stock: 39,
    novo: false,
    promocao: false,
    salesCount: 705,
    hasLook3: false,
    composicoes: ['colar-layering-tres-fios', 'pulseira-bracelete-rigido-liso'],
  },

  // ───────────────────────────── Pulseiras ─────────────────────────────
  {
    key: 'pulseira-riviera-zirconias-rodio',
    name: 'Pulseira Riviera Zircônias Ródio',
    category: 'Pulseira',
    priceCents: 25990,
    description:
      'Riviera de 17 cm com zircônias cristal de 3 mm cravadas lado a lado e trava de segurança dupla. Banho de ródio branco, hipoalergênica e com garantia de 1 ano.',
    stock: 12,
    novo: false,
    promocao: false,
    salesCount: 402,
    hasLook3: true,
    composicoes: [
      'brinco-ponto-de-luz-zirconia',
      'anel-meia-alianca-rodio',
      'colar-choker-riviera-rodio',
    ],
  },
  {
    key: 'pulseira-tennis-esmeralda',
    name: 'Pulseira Tennis Esmeralda Dourada',
    category: 'Pulseira',
    priceCents: 28990,
    description:
      'Pulseira tennis com zircônias cor esmeralda intercaladas por pontos de luz cristal, 17 cm mais extensor de 2 cm. Banho de ouro 18k, antialérgica.',
    stock: 6,
    novo: true,
    promocao: false,
    salesCount: 77,
    hasLook3: false,
    composicoes: ['brinco-gota-esmeralda', 'anel-gota-esmeralda'],
  },
  {
    key: 'pulseira-elos-grumet-dourada',
    name: 'Pulseira Elos Grumet Dourada',
    category: 'Pulseira',
    priceCents: 13990,
    description:
      'Corrente grumet de elos achatados de 5 mm que refletem a luz, com fecho lagosta. Banho de ouro 18k, antialérgica; comprimento de 18 cm.',
    stock: 23,
    novo: false,
    promocao: false,
    salesCount: 336,
    hasLook3: false,
    composicoes: ['anel-chunky-trancado-dourado', 'colar-choker-elos-dourado'],
  },
  {
    key: 'pulseira-bracelete-rigido-liso',
    name: 'Bracelete Rígido Liso Dourado',
    category: 'Pulseira',
    priceCents: 14990,
    description:
      'Bracelete rígido aberto de 6 cm de diâmetro, com superfície espelhada e ajuste ao pulso. Banho de ouro 18k, antialérgico e com garantia de 1 ano.',
    stock: 18,
    novo: false,
    promocao: false,
    salesCount: 254,
    hasLook3: false,
    composicoes: ['brinco-argola-media-lisa-dourada', 'anel-trio-aparadores-mix'],
  },
  {
    key: 'pulseira-berloques-coracao',
    name: 'Pulseira Berloques Coração Prateada',
    category: 'Pulseira',
    priceCents: 12990,
    originalPriceCents: 15990,
    description:
      'Corrente elo português com berloques de coração, estrela e medalhinha, em banho de prata 925. Hipoalergênica, 18 cm com extensor; um presente cheio de significado.',
    stock: 25,
    novo: false,
    promocao: true,
    salesCount: 391,
    hasLook3: false,
    composicoes: ['anel-coracao-zirconia-rose', 'colar-coracao-vazado-rose'],
  },
  {
    key: 'pulseira-perolas-shell',
    name: 'Pulseira Pérolas Shell Fecho Dourado',
    category: 'Pulseira',
    priceCents: 11990,
    description:
      'Fio de pérolas shell de 6 mm com fecho bola em banho de ouro 18k. Clássica e versátil; guarde esticada e longe de perfumes para conservar o brilho.',
    stock: 19,
    novo: false,
    promocao: false,
    salesCount: 213,
    hasLook3: false,
    composicoes: ['brinco-perola-shell-classico', 'colar-gargantilha-perolas-shell'],
  },
  {
    key: 'pulseira-veneziana-ponto-de-luz',
    name: 'Pulseira Veneziana Ponto de Luz Dourada',
    category: 'Pulseira',
    priceCents: 7990,
    description:
      'Corrente veneziana fina com um ponto de luz de zircônia cristal no centro. Banho de ouro 18k, antialérgica, 16 cm mais extensor de 3 cm.',
    stock: 31,
    novo: false,
    promocao: false,
    salesCount: 548,
    hasLook3: false,
    composicoes: ['colar-ponto-de-luz-dourado', 'brinco-ponto-de-luz-zirconia'],
  },
  {
    key: 'pulseira-bracelete-cravejado-rose',
    name: 'Bracelete Cravejado Rosé',
    category: 'Pulseira',
    priceCents: 19990,
    description:
      'Bracelete com dobradiça e fecho de pressão, cravejado com zircônias na face superior. Banho de ouro rosé, antialérgico e com garantia de 1 ano.',
    stock: 9,
    novo: false,
    promocao: false,
    salesCount: 121,
    hasLook3: false,
    composicoes: ['anel-ondas-rose', 'brinco-argola-torcida-rose'],
  },
  {
    key: 'pulseira-elos-rodio-negro',
    name: 'Pulseira Elos Grossos Ródio Negro',
    category: 'Pulseira',
    priceCents: 15990,
    originalPriceCents: 18990,
    description:
      'Elos ovais grossos em banho de ródio negro com acabamento acetinado, fecho gaveta. Moderna e unissex; antialérgica e com garantia de 1 ano.',
    stock: 7,
    novo: false,
    promocao: true,
    salesCount: 84,
    hasLook3: false,
    composicoes: ['anel-riviera-rodio-negro', 'brinco-ear-hook-rodio-negro'],
  },
  {
    key: 'pulseira-olho-grego-safira',
    name: 'Pulseira Olho Grego Safira Dourada',
    category: 'Pulseira',
    priceCents: 8990,
    description:
      'Corrente delicada com olho grego em zircônia cor safira e contorno cravejado, para proteção e estilo. Banho de ouro 18k, antialérgica, 17 cm com extensor.',
    stock: 28,
    novo: false,
    promocao: false,
    salesCount: 367,
    hasLook3: false,
    composicoes: ['anel-oval-safira-prateado', 'colar-solitario-safira-prateado'],
  },
  {
    key: 'pulseira-cartier-dourada',
    name: 'Pulseira Cartier Dourada',
    category: 'Pulseira',
    priceCents: 9990,
    description:
      'Corrente estilo cartier com sequência de três elos curtos e um longo, em banho de ouro 18k. Antialérgica e resistente, fecho lagosta e 18 cm.',
    stock: 26,
    novo: false,
    promocao: false,
    salesCount: 289,
    hasLook3: false,
    composicoes: ['anel-falange-liso-dourado', 'brinco-piercing-fake-trio'],
  },
  {
    key: 'pulseira-mix-tres-pulseiras',
    name: 'Mix 3 Pulseiras Dourado',
    category: 'Pulseira',
    priceCents: 22990,
    originalPriceCents: 27990,
    description:
      'Kit com três pulseiras para usar juntas: veneziana com ponto de luz, elos e bracelete fino. Banho de ouro 18k, antialérgicas e com garantia de 1 ano.',
    stock: 11,
    novo: false,
    promocao: true,
    salesCount: 196,
    hasLook3: true,
    composicoes: [
      'anel-trio-aparadores-mix',
      'colar-layering-tres-fios',
      'brinco-argola-media-lisa-dourada',
    ],
  },
  {
    key: 'pulseira-bracelete-madreperola',
    name: 'Bracelete Madrepérola Dourado',
    category: 'Pulseira',
    priceCents: 16990,
    description:
      'Bracelete aberto com placas de madrepérola natural encaixadas em moldura polida. Banho de ouro 18k; evite contato com água e cremes para preservar a madrepérola.',
    stock: 5,
    novo: true,
    promocao: false,
    salesCount: 43,
    hasLook3: false,
    composicoes: ['brinco-flor-madreperola', 'colar-medalha-madreperola'],
  },
  {
    key: 'pulseira-gotinhas-rubi-rodio',
    name: 'Pulseira Gotinhas Rubi Ródio',
    category: 'Pulseira',
    priceCents: 17990,
    description:
      'Corrente fina com cinco gotinhas de zircônia cor rubi distribuídas ao longo do pulso. Banho de ródio branco, hipoalergênica, 17 cm mais extensor.',
    stock: 13,
    novo: false,
    promocao: false,
    salesCount: 102,
    hasLook3: false,
    composicoes: ['anel-halo-rubi-rodio', 'brinco-solitario-rubi-rodio'],
  },

  // ───────────────────────────── Colares ─────────────────────────────
  {
    key: 'colar-ponto-de-luz-dourado',
    name: 'Colar Ponto de Luz Zircônia Dourado',
    category: 'Colar',
    priceCents: 8990,
    description:
      'Corrente veneziana de 45 cm com ponto de luz de zircônia cristal de 6 mm. Banho de ouro 18k, antialérgico; o colar que não sai do pescoço.',
    stock: 37,
    novo: false,
    promocao: false,
    salesCount: 796,
    hasLook3: true,
    composicoes: [
      'brinco-ponto-de-luz-zirconia',
      'anel-solitario-zirconia-cristal',
      'pulseira-veneziana-ponto-de-luz',
    ],
  },
  {
    key: 'colar-choker-riviera-rodio',
    name: 'Choker Riviera Zircônias Ródio',
    category: 'Colar',
    priceCents: 29990,
    description:
      'Choker riviera de 35 cm com extensor, cravejada com zircônias cristal de 3 mm. Banho de ródio branco, hipoalergênica; ideal para noivas e madrinhas.',
    stock: 6,
    novo: false,
    promocao: false,
    salesCount: 139,
    hasLook3: false,
    composicoes: ['brinco-franja-cristais-rodio', 'pulseira-riviera-zirconias-rodio'],
  },
  {
    key: 'colar-gargantilha-perolas-shell',
    name: 'Gargantilha Pérolas Shell Dourada',
    category: 'Colar',
    priceCents: 15990,
    description:
      'Gargantilha de pérolas shell de 6 mm com 40 cm e fecho em banho de ouro 18k. Elegante e atemporal; guarde esticada para conservar o fio.',
    stock: 15,
    novo: false,
    promocao: false,
    salesCount: 274,
    hasLook3: true,
    composicoes: [
      'brinco-perola-shell-classico',
      'pulseira-perolas-shell',
      'anel-perola-shell-dourado',
    ],
  },
  {
    key: 'colar-veneziana-gota-esmeralda',
    name: 'Colar Veneziana Pingente Gota Esmeralda',
    category: 'Colar',
    priceCents: 14990,
    description:
      'Corrente veneziana com pingente gota em zircônia cor esmeralda envolta por microzircônias. Banho de ouro 18k, 45 cm com regulagem em 40 cm.',
    stock: 10,
    novo: true,
    promocao: false,
    salesCount: 112,
    hasLook3: false,
    composicoes: ['brinco-gota-esmeralda', 'anel-gota-esmeralda'],
  },
  {
    key: 'colar-escapulario-dourado',
    name: 'Escapulário Nossa Senhora Dourado',
    category: 'Colar',
    priceCents: 12990,
    originalPriceCents: 14990,
    description:
      'Escapulário em corrente cartier de 70 cm com medalhas de Nossa Senhora e Sagrado Coração. Banho de ouro 18k, antialérgico e com garantia de 1 ano.',
    stock: 20,
    novo: false,
    promocao: true,
    salesCount: 455,
    hasLook3: false,
    composicoes: ['pulseira-cartier-dourada', 'brinco-argola-media-lisa-dourada'],
  },
  {
    key: 'colar-coracao-vazado-rose',
    name: 'Colar Coração Vazado Rosé',
    category: 'Colar',
    priceCents: 9990,
    originalPriceCents: 12990,
    description:
      'Pingente de coração vazado com contorno polido em corrente elo português de 42 cm. Banho de ouro rosé, antialérgico; um presente romântico.',
    stock: 2,
    novo: false,
    promocao: true,
    salesCount: 233,
    hasLook3: false,
    composicoes: [
      'anel-coracao-zirconia-rose',
      'brinco-argola-torcida-rose',
      'pulseira-berloques-coracao',
    ],
  },
  {
    key: 'colar-medalha-madreperola',
    name: 'Colar Medalha Madrepérola Dourado',
    category: 'Colar',
    priceCents: 13990,
    description:
      'Medalha redonda de madrepérola natural com moldura de bolinhas, em corrente de 50 cm. Banho de ouro 18k; evite água e perfume para manter o brilho perolado.',
    stock: 12,
    novo: false,
    promocao: false,
    salesCount: 167,
    hasLook3: false,
    composicoes: ['anel-chevalier-madreperola', 'brinco-flor-madreperola'],
    variations: necklaceLengths([3, 6, 3]),
  },
  {
    key: 'colar-choker-elos-dourado',
    name: 'Choker Elos Grumet Dourado',
    category: 'Colar',
    priceCents: 17990,
    description:
      'Choker de elos grumet achatados com 38 cm e extensor de 5 cm. Banho de ouro 18k com verniz protetor, antialérgica e com garantia de 1 ano.',
    stock: 14,
    novo: false,
    promocao: false,
    salesCount: 258,
    hasLook3: false,
    composicoes: ['brinco-maxi-argola-dourada', 'pulseira-elos-grumet-dourada'],
  },
  {
    key: 'colar-gravata-rodio-negro',
    name: 'Colar Gravata Ródio Negro Zircônias',
    category: 'Colar',
    priceCents: 21990,
    description:
      'Colar gravata em Y com fio de zircônias negras que desce pelo decote, em banho de ródio negro. Peça de noite marcante, antialérgica e com garantia de 1 ano.',
    stock: 4,
    novo: true,
    promocao: false,
    salesCount: 39,
    hasLook3: false,
    composicoes: ['brinco-ear-hook-rodio-negro', 'anel-riviera-rodio-negro'],
  },
  {
    key: 'colar-gota-rubi-rodio',
    name: 'Colar Gota Rubi Ródio',
    category: 'Colar',
    priceCents: 16990,
    description:
      'Pingente gota em zircônia cor rubi com halo de pontos de luz, em corrente fina de 45 cm. Banho de ródio branco, hipoalergênico.',
    stock: 9,
    novo: false,
    promocao: false,
    salesCount: 126,
    hasLook3: false,
    composicoes: ['brinco-solitario-rubi-rodio', 'anel-halo-rubi-rodio'],
    variations: necklaceLengths([0, 5, 4]),
  },
  {
    key: 'colar-solitario-safira-prateado',
    name: 'Colar Solitário Safira Prateado',
    category: 'Colar',
    priceCents: 14990,
    description:
      'Solitário redondo cor safira em garras, em corrente de prata 925 com 45 cm. Hipoalergênico; limpe com flanela seca após o uso.',
    stock: 16,
    novo: false,
    promocao: false,
    salesCount: 181,
    hasLook3: false,
    composicoes: ['anel-oval-safira-prateado', 'pulseira-olho-grego-safira'],
  },
  {
    key: 'colar-layering-tres-fios',
    name: 'Colar Mix Layering 3 Fios Dourado',
    category: 'Colar',
    priceCents: 24990,
    originalPriceCents: 29990,
    description:
      'Três fios em camadas num só fecho: veneziana com ponto de luz, corrente cartier e fio com medalhinha. Banho de ouro 18k, antialérgico, 40, 45 e 50 cm.',
    stock: 10,
    novo: false,
    promocao: true,
    salesCount: 322,
    hasLook3: true,
    composicoes: [
      'brinco-argola-media-lisa-dourada',
      'pulseira-mix-tres-pulseiras',
      'anel-trio-aparadores-mix',
    ],
  },
  {
    key: 'colar-cruz-cravejada-dourada',
    name: 'Colar Cruz Cravejada Dourado',
    category: 'Colar',
    priceCents: 11990,
    description:
      'Pingente de cruz delicada cravejada com zircônias cristal, em corrente veneziana de 45 cm. Banho de ouro 18k, antialérgico e com garantia de 1 ano.',
    stock: 22,
    novo: true,
    promocao: false,
    salesCount: 92,
    hasLook3: false,
    composicoes: ['brinco-ear-cuff-cravejado', 'pulseira-veneziana-ponto-de-luz'],
  },
  {
    key: 'colar-conjunto-noiva-rodio',
    name: 'Conjunto Noiva Colar e Brincos Zircônia Ródio',
    category: 'Colar',
    priceCents: 68990,
    description:
      'Conjunto para noivas com colar riviera de gotas e brincos combinando, todo em zircônias cristal e banho de ródio branco. Hipoalergênico, acompanha estojo de presente e garantia de 1 ano.',
    stock: 3,
    novo: true,
    promocao: false,
    salesCount: 27,
    hasLook3: true,
    composicoes: [
      'brinco-franja-cristais-rodio',
      'pulseira-riviera-zirconias-rodio',
      'anel-meia-alianca-rodio',
    ],
  },
];

/** Image files of a product, relative to `/media/produtos/`, keyed by the Product field they fill. */
export interface ProductImageFiles {
  image: string;
  img_pessoa: string;
  image_carrossel: string;
  composicao_img_1: string;
  composicao_img_2: string;
  composicao_img_3: string | null;
}

/** The file names drawn for a product (see apps/api/scripts/draw-images.ts). */
export function productImageFiles(p: Pick<SeedProduct, 'key' | 'hasLook3'>): ProductImageFiles {
  return {
    image: `${p.key}.svg`,
    img_pessoa: `${p.key}-pessoa.svg`,
    image_carrossel: `${p.key}-carrossel.svg`,
    composicao_img_1: `${p.key}-look-1.svg`,
    composicao_img_2: `${p.key}-look-2.svg`,
    composicao_img_3: p.hasLook3 ? `${p.key}-look-3.svg` : null,
  };
}

/** Finds a seed product by key. */
export function seedProductByKey(key: string): SeedProduct | undefined {
  return catalogSeed.find((p) => p.key === key);
}

/**
 * Checks the seed's own rules and returns every problem found (empty when consistent): unique ascii
 * keys, integer prices, promotion prices, compositions pointing at existing products of other
 * categories, and a single clear best seller.
 */
export function catalogSeedProblems(products: readonly SeedProduct[] = catalogSeed): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, SeedProduct>();
  for (const p of products) {
    if (byKey.has(p.key)) problems.push(`${p.key}: chave repetida`);
    byKey.set(p.key, p);
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(p.key))
      problems.push(`${p.key}: chave não é um slug ascii`);
    if (!Number.isInteger(p.priceCents) || p.priceCents <= 0)
      problems.push(`${p.key}: preço inválido`);
    if (p.promocao !== (p.originalPriceCents !== undefined)) {
      problems.push(`${p.key}: originalPriceCents deve existir exatamente quando promocao`);
    }
    if (p.originalPriceCents !== undefined && !(p.originalPriceCents > p.priceCents)) {
      problems.push(`${p.key}: preço original deve ser maior que o preço`);
    }
    if (!Number.isInteger(p.stock) || p.stock < 0) problems.push(`${p.key}: estoque inválido`);
    if (p.composicoes.length < 2 || p.composicoes.length > 3)
      problems.push(`${p.key}: 2 a 3 composições`);
    if (p.variations) {
      const sum = p.variations.sizes.reduce((n, v) => n + v.stock, 0);
      if (sum !== p.stock) problems.push(`${p.key}: estoque ${p.stock} não é a soma dos tamanhos`);
      const names = new Set(p.variations.sizes.map((v) => v.name));
      if (names.size !== p.variations.sizes.length) problems.push(`${p.key}: tamanho repetido`);
    }
  }
  for (const p of products) {
    for (const k of p.composicoes) {
      const other = byKey.get(k);
      if (!other) problems.push(`${p.key}: composição inexistente ${k}`);
      else if (other.category === p.category)
        problems.push(`${p.key}: composição da mesma categoria ${k}`);
    }
  }
  const sales = products.map((p) => p.salesCount).sort((a, b) => b - a);
  const [first, second] = sales;
  if (first !== undefined && second !== undefined && !(first > second * 1.2)) {
    problems.push('nenhum mais vendido claramente à frente');
  }
  return problems;
}
