/**
 * Draws every catalog and site image as SVG (ARCHITECTURE "Catalog data and images").
 *
 *   npx tsx apps/api/scripts/draw-images.ts        (from the repository root)
 *
 * Writes apps/api/media/produtos/<key>.svg, -pessoa.svg, -carrossel.svg, -look-1/2(/3).svg for each
 * product of catalogSeed, and the site images in apps/api/media/site/. Deterministic: every random
 * choice comes from a generator seeded with the product key, numbers are rounded, so the same
 * catalog always gives the same bytes. The output is committed; the store never runs this.
 *
 * The About-page video (media/site/sobre-video.mp4/.webm) is made from these SVGs once, by
 * apps/api/scripts/make-about-video.sh (needs rsvg-convert and ffmpeg only on the machine that
 * makes it).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogSeed, productImageFiles, type SeedProduct } from '../src/db/catalog-data';

// ───────────────────────────── numbers, randomness, text ─────────────────────────────

/** One decimal, no "-0": keeps files small and byte-stable. */
const fmt1 = (n: number): string => f(n);
function f(n: number): string {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}
/** Two decimals, for the small unit shapes of gems. */
function f2(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for drawing. */
function rng(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(r: () => number, items: readonly T[]): T {
  const item = items[Math.floor(r() * items.length) % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function at<T>(items: readonly T[], i: number): T {
  const item = items[((i % items.length) + items.length) % items.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const rad = (deg: number): number => (deg * Math.PI) / 180;

interface Pt {
  x: number;
  y: number;
}

/** A smooth path through points (quadratic curves through the midpoints). */
function smooth(points: readonly Pt[], closed = false, coarse = false): string {
  const f = coarse ? (n: number): string => String(Math.round(n)) : fmt1;
  if (points.length < 3)
    return points.map((p, i) => `${i ? 'L' : 'M'}${f(p.x)} ${f(p.y)}`).join('');
  const mid = (a: Pt, b: Pt): Pt => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const first = at(points, 0);
  let d: string;
  if (closed) {
    const m0 = mid(at(points, -1), first);
    d = `M${f(m0.x)} ${f(m0.y)}`;
    for (let i = 0; i < points.length; i++) {
      const p = at(points, i);
      const m = mid(p, at(points, i + 1));
      d += `Q${f(p.x)} ${f(p.y)} ${f(m.x)} ${f(m.y)}`;
    }
    return d + 'Z';
  }
  d = `M${f(first.x)} ${f(first.y)}`;
  for (let i = 1; i < points.length - 1; i++) {
    const p = at(points, i);
    const m = mid(p, at(points, i + 1));
    d += `Q${f(p.x)} ${f(p.y)} ${f(m.x)} ${f(m.y)}`;
  }
  const last = at(points, -1);
  return d + `L${f(last.x)} ${f(last.y)}`;
}

/** Elliptical arc path from angle a0 to a1 (degrees; y grows downwards, so growing angles turn clockwise). */
function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number): string {
  const x0 = cx + rx * Math.cos(rad(a0));
  const y0 = cy + ry * Math.sin(rad(a0));
  const x1 = cx + rx * Math.cos(rad(a1));
  const y1 = cy + ry * Math.sin(rad(a1));
  const large = Math.abs(a1 - a0) > 180 ? 1 : 0;
  const sweep = a1 > a0 ? 1 : 0;
  return `M${f(x0)} ${f(y0)}A${f(rx)} ${f(ry)} 0 ${large} ${sweep} ${f(x1)} ${f(y1)}`;
}

// ───────────────────────────── palette ─────────────────────────────

type Metal = 'gold' | 'silver' | 'rose' | 'black';
type GemColor = 'zirc' | 'emer' | 'ruby' | 'saph' | 'black';
type GemShape = 'round' | 'pear' | 'oval' | 'heart';

const METAL_STOPS: Record<Metal, string[]> = {
  gold: ['#fff4b8', '#f6e27a', '#d4a537', '#f3d77f', '#a67c1a', '#d9b24e'],
  silver: ['#ffffff', '#f5f5f5', '#bfc3c7', '#eceef0', '#8a9099', '#c4c8cc'],
  rose: ['#fde7de', '#f4c7b8', '#d8917c', '#f5cfc1', '#b06d5a', '#dca08c'],
  black: ['#8f8f8f', '#555555', '#2b2b2b', '#626262', '#151515', '#3c3c3c'],
};
const METAL_SHADE: Record<Metal, { light: string; mid: string; dark: string }> = {
  gold: { light: '#fbefb4', mid: '#d4a537', dark: '#93700f' },
  silver: { light: '#ffffff', mid: '#bfc3c7', dark: '#767d86' },
  rose: { light: '#fde3d9', mid: '#d8917c', dark: '#a05e4c' },
  black: { light: '#9a9a9a', mid: '#474747', dark: '#111111' },
};
const METAL_LABEL: Record<Metal, string> = {
  gold: 'Banho de ouro 18k',
  silver: 'Banho de ródio e prata 925',
  rose: 'Banho de ouro rosé',
  black: 'Banho de ródio negro',
};
/** light, mid, dark, edge */
const GEM: Record<GemColor, [string, string, string, string]> = {
  zirc: ['#ffffff', '#eaf1fa', '#b4c3d8', '#8092ab'],
  emer: ['#c9f7dc', '#2fb36b', '#0d6b3d', '#06401f'],
  ruby: ['#ffd2d8', '#e02a4c', '#990f2c', '#5a0519'],
  saph: ['#d6e4ff', '#3866da', '#173a93', '#0b2158'],
  black: ['#c3c8cf', '#4d525b', '#1c1f25', '#050505'],
};
const BG: Record<'cream' | 'blush' | 'sage' | 'sand', [string, string, string]> = {
  cream: ['#fdfaf5', '#f7f1ea', '#e9dccb'],
  blush: ['#fcf5f2', '#f3e6e1', '#e2cbc2'],
  sage: ['#f5f8f4', '#e7ece6', '#cfd9cd'],
  sand: ['#faf6ef', '#efe7dc', '#ddcdb8'],
};
type Palette = keyof typeof BG;
const PALETTES: Palette[] = ['cream', 'blush', 'sage', 'sand'];
const SKIN: [string, string, string][] = [
  ['#f6dccb', '#e9bfa6', '#c99479'],
  ['#eec3a3', '#d9a07c', '#b57a58'],
  ['#d6a27c', '#bb845f', '#93603f'],
  ['#a8704d', '#8c5a3b', '#66402a'],
];
const POLISH = ['#c9928a', '#b3263b', '#e8c4bd', '#7a1f2b', '#d9a6a0'];
const HAIR = ['#2b1d16', '#4a3123', '#6b4a2f', '#1b1512', '#8a6240'];
const CLOTH: [string, string][] = [
  ['#1f1f24', '#3a3a44'],
  ['#f4efe6', '#ddd3c4'],
  ['#6e2433', '#8f3446'],
  ['#2f4a3f', '#456657'],
  ['#c9b49a', '#b09a7e'],
];

const SERIF =
  "'Cormorant Garamond','Playfair Display',Georgia,'Times New Roman','Liberation Serif',serif";
const SANS = "'Montserrat','Helvetica Neue',Arial,'Liberation Sans',sans-serif";

// ───────────────────────────── document & shared definitions ─────────────────────────────

/** One SVG document: collects only the definitions its body uses. */
class Doc {
  private readonly defs = new Map<string, string>();
  private readonly ids = new Map<string, string>();

  /** `url(#…)` of a shared definition, by its semantic name. */
  ref(name: string): string {
    return `url(#${this.need(name)})`;
  }

  /** Adds a definition once; returns its short id (ids follow first use, so output is stable). */
  need(name: string): string {
    const known = this.ids.get(name);
    if (known) return known;
    const id = `d${this.ids.size.toString(36)}`;
    this.ids.set(name, id);
    this.defs.set(name, '');
    this.defs.set(name, this.build(name, id));
    return id;
  }

  /** A gem of the given shape and colour, centred at x,y, `size` ≈ its radius in px. */
  private place(name: string, x: number, y: number, size: number, rotate = 0, extra = ''): string {
    const id = this.need(name);
    const r = rotate ? `rotate(${f(rotate)})` : '';
    return `<use href="#${id}" transform="translate(${f(x)} ${f(y)})${r}scale(${f2(size / 10)})"${extra}/>`;
  }

  /** A gem of the given shape and colour, centred at x,y, `size` ≈ its radius in px. */
  gem(shape: GemShape, color: GemColor, x: number, y: number, size: number, rotate = 0): string {
    return this.place(`g-${shape}-${color}`, x, y, size, rotate);
  }

  /** A round gem in a metal setting (one element, for long rows of stones). */
  setGem(color: GemColor, metal: Metal, x: number, y: number, size: number): string {
    return this.place(`s-${color}-${metal}`, x, y, size);
  }

  /** The outline of a stone shape (radius ≈ size), filled and stroked by `attrs`. */
  outline(
    shape: GemShape,
    x: number,
    y: number,
    size: number,
    rotate: number,
    attrs: string,
  ): string {
    const id = this.need(`o-${shape}`);
    const r = rotate ? `rotate(${f(rotate)})` : '';
    return `<use href="#${id}" transform="translate(${f(x)} ${f(y)})${r}scale(${f2(size / 10)})" ${attrs}/>`;
  }

  /** A drawing kept once in the definitions under `key`, to be placed several times with <use>. */
  shared(key: string, content: () => string): string {
    const known = this.ids.get(key);
    if (known) return known;
    const id = `d${this.ids.size.toString(36)}`;
    this.ids.set(key, id);
    this.defs.set(key, '');
    this.defs.set(key, `<g id="${id}">${content()}</g>`);
    return id;
  }

  /** A bare path kept in the definitions, drawn several times with <use>. */
  path(d: string): string {
    return this.need(`p-${d}`);
  }

  /** One chain link: an elliptical ring rx×ry turned by `rot`; `w` is the stroke relative to a radius of 10. */
  link(
    metal: Metal,
    front: boolean,
    x: number,
    y: number,
    rot: number,
    rx: number,
    ry: number,
    w: number,
  ): string {
    const id = this.need(`l-${metal}-${front ? 'f' : 'b'}-${Math.round(w)}`);
    return `<use href="#${id}" transform="translate(${f(x)} ${f(y)})rotate(${f(rot)})scale(${f2(rx / 10)} ${f2(ry / 10)})"/>`;
  }

  pearl(x: number, y: number, size: number): string {
    return this.place('pearl', x, y, size);
  }

  sparkle(x: number, y: number, size: number, opacity = 0.9): string {
    return this.place('sp', x, y, size, 0, ` opacity="${f2(opacity)}"`);
  }

  render(width: number, height: number, title: string, body: string): string {
    const defs = [...this.defs.values()].join('');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
      `<title>${esc(title)}</title><defs>${defs}</defs>${body}</svg>\n`
    );
  }

  private build(name: string, id: string): string {
    const [kind = '', a = '', b = ''] = name.split('-');
    switch (kind) {
      case 'm': {
        const stops = METAL_STOPS[a as Metal];
        const offs = [0, 0.2, 0.45, 0.62, 0.85, 1];
        return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">${stops.map((c, i) => `<stop offset="${at(offs, i)}" stop-color="${c}"/>`).join('')}</linearGradient>`;
      }
      case 'mv': {
        const s = METAL_SHADE[a as Metal];
        return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.light}"/><stop offset=".45" stop-color="${s.mid}"/><stop offset=".7" stop-color="${s.light}"/><stop offset="1" stop-color="${s.dark}"/></linearGradient>`;
      }
      case 'rg': {
        const [l, m, d, e] = GEM[a as GemColor];
        return `<radialGradient id="${id}" cx=".5" cy=".5" r=".6" fx=".36" fy=".3"><stop offset="0" stop-color="${l}"/><stop offset=".35" stop-color="${m}"/><stop offset=".8" stop-color="${d}"/><stop offset="1" stop-color="${e}"/></radialGradient>`;
      }
      case 'g':
        return this.gemDef(id, a as GemShape, b as GemColor);
      case 'gf':
        return this.facetsDef(id, a as GemShape);
      case 's': {
        const sh = METAL_SHADE[b as Metal];
        return `<g id="${id}"><circle r="12.3" fill="${sh.mid}" stroke="${sh.dark}" stroke-width=".9"/><use href="#${this.need(`g-round-${a}`)}"/></g>`;
      }
      case 'p':
        return `<path id="${id}" d="${name.slice(2)}"/>`;
      case 'o':
        return `<path id="${id}" d="${gemPath(a as GemShape, 10)}"/>`;
      case 'l': {
        const sh = METAL_SHADE[a as Metal];
        const front = b === 'f';
        const w = name.split('-')[3] ?? '3';
        return (
          `<g id="${id}"><ellipse rx="10" ry="10" fill="none" stroke="${front ? sh.mid : sh.dark}" stroke-width="${w}"/>` +
          (front
            ? `<path d="M-7 -7A10 10 0 0 1 3 -9.6" fill="none" stroke="${sh.light}" stroke-width="${Number(w) * 0.45}" stroke-linecap="round"/><path d="M7 7A10 10 0 0 1 -3 9.6" fill="none" stroke="${sh.dark}" stroke-opacity=".6" stroke-width="${Number(w) * 0.35}"/>`
            : '') +
          `</g>`
        );
      }
      case 'pearl': {
        return (
          `<radialGradient id="${id}r" cx=".5" cy=".5" r=".55" fx=".36" fy=".3"><stop offset="0" stop-color="#ffffff"/><stop offset=".3" stop-color="#fbf7ef"/><stop offset=".75" stop-color="#eadfcd"/><stop offset="1" stop-color="#c7b79f"/></radialGradient>` +
          `<g id="${id}"><circle r="10" fill="url(#${id}r)"/><circle r="9.6" fill="none" stroke="#f4d9e4" stroke-opacity=".35" stroke-width=".8"/><ellipse cx="-3.4" cy="-3.8" rx="2.6" ry="1.7" fill="#fff" opacity=".9" transform="rotate(-35 -3.4 -3.8)"/></g>`
        );
      }
      case 'mop':
        return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fdfbf6"/><stop offset=".25" stop-color="#eee6f4"/><stop offset=".45" stop-color="#e0efec"/><stop offset=".65" stop-color="#faefe0"/><stop offset=".85" stop-color="#e8e2f3"/><stop offset="1" stop-color="#f7f1e6"/></linearGradient>`;
      case 'sp':
        return `<path id="${id}" d="M0-10L1.3-1.3 10 0 1.3 1.3 0 10-1.3 1.3-10 0-1.3-1.3Z" fill="#fff"/>`;
      case 'bg': {
        const [l, m, d] = BG[(a in BG ? a : 'cream') as Palette];
        return `<radialGradient id="${id}" cx=".5" cy=".42" r=".78"><stop offset="0" stop-color="${l}"/><stop offset=".55" stop-color="${m}"/><stop offset="1" stop-color="${d}"/></radialGradient>`;
      }
      case 'f':
        // A drop shadow from the basic primitives (feDropShadow is not understood everywhere).
        if (a === 'sh') return dropShadow(id, 7, 7, '#4a3520', 0.28);
        if (a === 'soft') return dropShadow(id, 3, 3, '#3a2a1a', 0.3);
        return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${b || '10'}"/></filter>`;
      case 'skin': {
        const [l, m, d] = at(SKIN, Number(a));
        return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2=".3"><stop offset="0" stop-color="${l}"/><stop offset=".6" stop-color="${m}"/><stop offset="1" stop-color="${d}"/></linearGradient>`;
      }
      case 'cloth': {
        const [l, d] = at(CLOTH, Number(a));
        return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${d}"/><stop offset=".5" stop-color="${l}"/><stop offset="1" stop-color="${d}"/></linearGradient>`;
      }
      case 'gl':
        return `<radialGradient id="${id}"><stop offset="0" stop-color="#fff" stop-opacity=".85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
      case 'goldline':
        return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c9a24a" stop-opacity="0"/><stop offset=".5" stop-color="#c9a24a"/><stop offset="1" stop-color="#c9a24a" stop-opacity="0"/></linearGradient>`;
      default:
        throw new Error(`unknown definition ${name}`);
    }
  }

  /** Facets of a cut stone, shared by every colour of that shape. */
  private facetsDef(id: string, shape: GemShape): string {
    const n = 32;
    const outline: Pt[] = [];
    for (let i = 0; i < n; i++) outline.push(gemOutline(shape, (i / n) * Math.PI * 2));
    const c =
      shape === 'pear' ? { x: 0, y: 2.5 } : shape === 'heart' ? { x: 0, y: 1 } : { x: 0, y: 0 };
    const table = outline.map((p) => ({
      x: c.x + (p.x - c.x) * 0.5,
      y: c.y + (p.y - c.y) * 0.5 - 0.6,
    }));
    const xy = (p: Pt): string => `${f(p.x)} ${f(p.y)}`;
    const tablePoly =
      'M' +
      table
        .filter((_, i) => i % 4 === 0)
        .map(xy)
        .join('L') +
      'Z';
    let facets = '';
    for (let i = 0; i < n; i += 4) {
      facets += `M${xy(at(outline, i))}L${xy(at(table, i))}L${xy(at(outline, i + 2))}L${xy(at(table, i + 4))}`;
    }
    return `<g id="${id}"><path d="${tablePoly}" fill="#fff" fill-opacity=".3"/><path d="${facets}" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width=".4"/></g>`;
  }

  private gemDef(id: string, shape: GemShape, color: GemColor): string {
    const n = 32;
    const outline: Pt[] = [];
    for (let i = 0; i < n; i++) outline.push(gemOutline(shape, (i / n) * Math.PI * 2));
    const poly = (pts: Pt[]): string => 'M' + pts.map((p) => `${f(p.x)} ${f(p.y)}`).join('L') + 'Z';
    const edge = GEM[color][3];
    const dark = color !== 'zirc';
    const grad = this.ref(`rg-${color}`);
    const outlinePath = shape === 'round' ? '' : poly(outline);
    const facetsId = this.need(`gf-${shape}`);
    return (
      `<g id="${id}">` +
      (shape === 'round'
        ? `<circle r="10" fill="${grad}" stroke="${edge}" stroke-width=".5"/>`
        : `<path d="${outlinePath}" fill="${grad}" stroke="${edge}" stroke-width=".5"/>`) +
      `<use href="#${facetsId}" opacity="${dark ? '.55' : '1'}"/>` +
      `<ellipse cx="-3" cy="${shape === 'pear' ? '-1' : '-3.6'}" rx="2.4" ry="1.4" fill="#fff" opacity=".85" transform="rotate(-35 -3 -3.6)"/></g>`
    );
  }
}

function dropShadow(id: string, dy: number, blur: number, color: string, opacity: number): string {
  return (
    `<filter id="${id}" x="-20%" y="-20%" width="140%" height="150%">` +
    `<feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/><feOffset dy="${dy}" result="o"/>` +
    `<feFlood flood-color="${color}" flood-opacity="${opacity}"/><feComposite in2="o" operator="in"/>` +
    `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`
  );
}

function gemOutline(shape: GemShape, t: number): Pt {
  switch (shape) {
    case 'round':
      return { x: 10 * Math.sin(t), y: -10 * Math.cos(t) };
    case 'oval':
      return { x: 7.6 * Math.sin(t), y: -10.4 * Math.cos(t) };
    case 'pear':
      return { x: 10 * Math.sin(t) * Math.sin(t / 2), y: -12 * Math.cos(t) + 1 };
    case 'heart': {
      const x = 16 * Math.sin(t) ** 3;
      const y = -(13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t));
      return { x: x / 1.55, y: y / 1.55 + 0.5 };
    }
  }
}

// ───────────────────────────── what a product looks like ─────────────────────────────

interface Spec {
  p: SeedProduct;
  kind: string;
  metal: Metal;
  gem: GemColor;
  shape: GemShape;
  r: () => number;
  /** Level of detail: below 1, rows of stones, pearls and links use fewer, larger elements. */
  lod: number;
}

function specOf(p: SeedProduct, salt = '', lod = 1): Spec {
  const k = p.key;
  const text = `${p.name} ${p.key}`.toLowerCase();
  const metal: Metal = /negro/.test(text)
    ? 'black'
    : /rosé|-rose/.test(text)
      ? 'rose'
      : /ródio|rodio|prata/.test(text)
        ? 'silver'
        : 'gold';
  const gem: GemColor = /esmeralda/.test(text)
    ? 'emer'
    : /rubi/.test(text)
      ? 'ruby'
      : /safira/.test(text)
        ? 'saph'
        : /negr/.test(text)
          ? 'black'
          : 'zirc';
  const shape: GemShape = /gota|gotinhas/.test(k)
    ? 'pear'
    : /oval/.test(k)
      ? 'oval'
      : /coracao-zirconia/.test(k)
        ? 'heart'
        : 'round';
  const table: Record<SeedProduct['category'], [RegExp, string][]> = {
    Anel: [
      [/halo|gota|oval/, 'halo'],
      [/aparador-cravejado/, 'aparador'],
      [/meia-alianca/, 'meia'],
      [/riviera/, 'riviera'],
      [/falange/, 'falange'],
      [/ondas/, 'ondas'],
      [/trio/, 'trio'],
      [/chunky/, 'chunky'],
      [/chevalier/, 'chevalier'],
      [/perola/, 'perola'],
      [/./, 'solitario'],
    ],
    Brinco: [
      [/perolas-pendentes/, 'argola-perolas'],
      [/cravejada/, 'argola-cravejada'],
      [/torcida/, 'argola-torcida'],
      [/maxi/, 'argola-maxi'],
      [/argola/, 'argola'],
      [/ear-cuff/, 'cuff'],
      [/piercing/, 'piercing'],
      [/gota/, 'gota'],
      [/flor/, 'flor'],
      [/perola/, 'perola'],
      [/franja/, 'franja'],
      [/ear-hook/, 'hook'],
      [/trepador/, 'trepador'],
      [/./, 'stud'],
    ],
    Pulseira: [
      [/riviera|tennis/, 'riviera'],
      [/elos-grumet/, 'grumet'],
      [/elos/, 'elos'],
      [/bracelete-rigido/, 'bangle'],
      [/bracelete-cravejado/, 'bangle-stones'],
      [/madreperola/, 'bangle-mop'],
      [/berloques/, 'charms'],
      [/perolas/, 'pearls'],
      [/olho-grego/, 'eye'],
      [/cartier/, 'cartier'],
      [/mix/, 'mix'],
      [/gotinhas/, 'drops'],
      [/./, 'solo'],
    ],
    Colar: [
      [/choker-riviera/, 'riviera'],
      [/choker-elos/, 'choker-links'],
      [/perolas/, 'pearls'],
      [/escapulario/, 'scapular'],
      [/coracao/, 'heart'],
      [/medalha/, 'medal'],
      [/gravata/, 'lariat'],
      [/layering/, 'layers'],
      [/cruz/, 'cross'],
      [/noiva/, 'bridal'],
      [/gota/, 'drop'],
      [/./, 'solo'],
    ],
  };
  const rules = table[p.category];
  const kind = rules.find(([re]) => re.test(k))?.[1] ?? 'solo';
  return { p, kind, metal, gem, shape, r: rng(p.key + salt), lod };
}

// ───────────────────────────── shared metal helpers ─────────────────────────────

/** A chain along a path: dark base, light links. */
function chain(doc: Doc, d: string, metal: Metal, w: number): string {
  const s = METAL_SHADE[metal];
  const id = doc.path(d);
  return (
    `<use href="#${id}" fill="none" stroke="${s.dark}" stroke-width="${f(w)}" stroke-linecap="round"/>` +
    `<use href="#${id}" fill="none" stroke="${s.light}" stroke-width="${f(w * 0.62)}" stroke-dasharray="${f(w * 1.1)} ${f(w * 0.75)}"/>`
  );
}

/**
 * A compact row of stones (or pearls) along a path: round dots drawn by dashed strokes, so a long
 * row costs a few elements. Used when a piece is drawn small (lod < 1).
 */
function stoneRow(
  doc: Doc,
  d: string,
  kind: GemColor | 'pearl',
  metal: Metal,
  size: number,
  back = false,
): string {
  const id = doc.path(d);
  const sp = f(size * 2.3);
  const dash = `stroke-linecap="round" stroke-dasharray="0 ${sp}" fill="none"`;
  const o = f(size * 0.3);
  const line = (color: string, w: number, shift = false, extra = ''): string =>
    `<use href="#${id}" stroke="${color}" stroke-width="${f(w)}" ${dash}${shift ? ` transform="translate(-${o} -${o})"` : ''}${extra}/>`;
  const cols =
    kind === 'pearl'
      ? ['#cdbfa9', '#eadfcd', '#fbf7ef']
      : [METAL_SHADE[metal].dark, GEM[kind][2], GEM[kind][1]];
  const [c0 = '', c1 = '', c2 = ''] = cols;
  return (
    (kind === 'pearl'
      ? line(c0, size * 2.05)
      : line(METAL_SHADE[metal].mid, size * 2.45) + line(c0, size * 2.05)) +
    line(c1, size * 1.85) +
    line(c2, size * 1.1, true) +
    (back ? '' : line('#fff', size * 0.5, true, ` opacity=".9"`))
  );
}

/** Four prongs around a round gem. */
function prongs(metal: Metal, x: number, y: number, r: number): string {
  const s = METAL_SHADE[metal];
  let out = '';
  for (const a of [45, 135, 225, 315]) {
    const px = x + Math.cos(rad(a)) * r * 0.93;
    const py = y + Math.sin(rad(a)) * r * 0.93;
    out += `<circle cx="${f(px)}" cy="${f(py)}" r="${f(Math.max(1.2, r * 0.16))}" fill="${s.mid}" stroke="${s.dark}" stroke-width="${f(Math.max(0.4, r * 0.03))}"/>`;
  }
  return out;
}

/** A gem in a thin metal bezel. */
function bezelGem(
  d: Doc,
  s: Spec,
  shape: GemShape,
  color: GemColor,
  x: number,
  y: number,
  size: number,
  rot = 0,
): string {
  const sh = METAL_SHADE[s.metal];
  return (
    d.outline(
      shape,
      x,
      y,
      size * 1.12,
      rot,
      `fill="${d.ref(`m-${s.metal}`)}" stroke="${sh.dark}" stroke-width=".4"`,
    ) + d.gem(shape, color, x, y, size, rot)
  );
}

function gemPath(shape: GemShape, size: number): string {
  const pts: Pt[] = [];
  for (let i = 0; i < 24; i++) {
    const p = gemOutline(shape, (i / 24) * Math.PI * 2);
    pts.push({ x: (p.x * size) / 10, y: (p.y * size) / 10 });
  }
  return smooth(pts, true);
}

// ───────────────────────────── rings ─────────────────────────────

function band(d: Doc, metal: Metal, cx: number, cy: number, R: number, w: number): string {
  const s = METAL_SHADE[metal];
  return (
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="none" stroke="${d.ref(`m-${metal}`)}" stroke-width="${f(w)}"/>` +
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R - w / 2 + 0.6)}" fill="none" stroke="${s.dark}" stroke-opacity=".45" stroke-width="1.2"/>` +
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R + w / 2 - 0.6)}" fill="none" stroke="${s.dark}" stroke-opacity=".35" stroke-width="1.2"/>` +
    `<path d="${arc(cx, cy, R - w * 0.12, R - w * 0.12, 200, 250)}" fill="none" stroke="#fff" stroke-opacity=".75" stroke-width="${f(Math.max(1.5, w * 0.16))}" stroke-linecap="round"/>` +
    `<path d="${arc(cx, cy, R - w * 0.25, R - w * 0.25, 35, 145)}" fill="none" stroke="${s.dark}" stroke-opacity=".22" stroke-width="${f(w * 0.35)}" stroke-linecap="round"/>`
  );
}

function stonesOnArc(
  d: Doc,
  color: GemColor,
  cx: number,
  cy: number,
  R: number,
  a0: number,
  a1: number,
  n0: number,
  size0: number,
  shape: GemShape = 'round',
  lod = 1,
): string {
  let out = '';
  const n = Math.max(4, Math.round(n0 * lod));
  const size = size0 * Math.sqrt(n0 / n);
  for (let i = 0; i < n; i++) {
    const a = n === 1 ? (a0 + a1) / 2 : a0 + ((a1 - a0) * i) / (n - 1);
    out += d.gem(shape, color, cx + R * Math.cos(rad(a)), cy + R * Math.sin(rad(a)), size, a + 90);
  }
  return out;
}

/** Ring standing, seen from the front; fits within ±190. */
function ringView(d: Doc, s: Spec): string {
  const m = s.metal;
  const sh = METAL_SHADE[m];
  const cy = 45;
  let R = 118;
  let w = 14;
  let head = '';
  let body = '';
  switch (s.kind) {
    case 'falange':
      R = 92;
      w = 9;
      break;
    case 'chunky':
      R = 112;
      w = 40;
      break;
    case 'meia':
    case 'riviera':
      w = 22;
      break;
    case 'aparador':
      w = 15;
      break;
    case 'ondas':
      w = 20;
      break;
  }
  const top = cy - R;
  switch (s.kind) {
    case 'solitario': {
      const gr = s.shape === 'heart' ? 34 : 32;
      const gy = top - 30;
      head =
        `<path d="M-18 ${f(top + 6)}L-26 ${f(gy + 4)}M18 ${f(top + 6)}L26 ${f(gy + 4)}M-8 ${f(top + 4)}L-10 ${f(gy + 18)}M8 ${f(top + 4)}L10 ${f(gy + 18)}" stroke="${sh.mid}" stroke-width="5" stroke-linecap="round"/>` +
        `<ellipse cx="0" cy="${f(top + 2)}" rx="26" ry="9" fill="${d.ref(`m-${m}`)}"/>` +
        d.gem(s.shape, s.gem, 0, gy, gr) +
        (s.shape === 'round' ? prongs(m, 0, gy, gr) : prongs(m, 0, gy + 2, gr * 0.9)) +
        d.sparkle(gr * 0.55, gy - gr * 0.6, 14);
      break;
    }
    case 'perola': {
      const gy = top - 30;
      head =
        `<ellipse cx="0" cy="${f(top + 2)}" rx="22" ry="10" fill="${d.ref(`m-${m}`)}"/>` +
        d.pearl(0, gy, 36);
      break;
    }
    case 'halo': {
      const big = s.shape === 'round' ? 26 : 30;
      const gy = top - 34;
      let halo = '';
      const n = Math.max(8, Math.round((s.shape === 'round' ? 14 : 18) * s.lod));
      for (let i = 0; i < n; i++) {
        const t = (i / n) * Math.PI * 2;
        const o = gemOutline(s.shape, t);
        const scale = s.shape === 'round' ? 3.75 : 3.65;
        halo += d.gem(
          'round',
          'zirc',
          o.x * scale,
          gy + o.y * scale + (s.shape === 'pear' ? 0 : 0),
          5.6,
        );
      }
      head =
        `<ellipse cx="0" cy="${f(top + 3)}" rx="30" ry="10" fill="${d.ref(`m-${m}`)}"/>` +
        d.outline(
          s.shape,
          0,
          gy,
          big * 1.55,
          0,
          `fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width=".2"`,
        ) +
        halo +
        d.gem(s.shape, s.gem, 0, gy, big) +
        d.sparkle(-big * 0.5, gy - big * 0.5, 12, 0.8);
      break;
    }
    case 'chevalier': {
      const gy = top + 2;
      head =
        `<path d="M-70 ${f(gy + 30)}Q-40 ${f(gy + 10)} -30 ${f(gy + 36)}M70 ${f(gy + 30)}Q40 ${f(gy + 10)} 30 ${f(gy + 36)}" stroke="${sh.mid}" stroke-width="16" fill="none"/>` +
        `<ellipse cx="0" cy="${f(gy)}" rx="66" ry="50" fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width="2"/>` +
        `<ellipse cx="0" cy="${f(gy)}" rx="52" ry="37" fill="${d.ref('mop')}" stroke="${sh.dark}" stroke-width="2"/>` +
        `<ellipse cx="0" cy="${f(gy)}" rx="52" ry="37" fill="none" stroke="#c9b3dd" stroke-opacity=".5" stroke-width="6"/>` +
        `<path d="M-30 ${f(gy - 8)}Q-6 ${f(gy - 24)} 22 ${f(gy - 14)}" stroke="#fff" stroke-opacity=".8" stroke-width="4" fill="none" stroke-linecap="round"/>` +
        `<path d="M-26 ${f(gy + 10)}Q0 ${f(gy + 2)} 30 ${f(gy + 12)}" stroke="#d9c7e8" stroke-opacity=".7" stroke-width="2" fill="none"/>`;
      break;
    }
    case 'aparador':
      head = stonesOnArc(d, s.gem, 0, cy, R, 200, 340, 11, 6.4, 'round', s.lod);
      break;
    case 'meia':
      head =
        `<path d="${arc(0, cy, R - 9, R - 9, 190, 350)}" fill="none" stroke="${sh.dark}" stroke-width="1.5" stroke-opacity=".6"/>` +
        `<path d="${arc(0, cy, R + 9, R + 9, 190, 350)}" fill="none" stroke="${sh.dark}" stroke-width="1.5" stroke-opacity=".6"/>` +
        stonesOnArc(d, s.gem, 0, cy, R, 192, 348, 19, 8.2, 'round', s.lod) +
        d.sparkle(-40, top - 8, 16);
      break;
    case 'riviera':
      head =
        stonesOnArc(d, s.gem, 0, cy, R, 0, 350, 36, 9.2, 'round', s.lod) +
        d.sparkle(36, top, 14, 0.7);
      break;
    case 'chunky':
      head =
        `<circle cx="0" cy="${f(cy)}" r="${f(R)}" fill="none" stroke="${sh.dark}" stroke-opacity=".28" stroke-width="${f(w * 0.82)}" stroke-dasharray="5 9"/>` +
        `<circle cx="0" cy="${f(cy)}" r="${f(R)}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="${f(w * 0.82)}" stroke-dasharray="3 11" stroke-dashoffset="6"/>`;
      break;
    case 'trio': {
      const gold = 'gold';
      body =
        band(d, gold, -78, cy + 10, 88, 10) +
        band(d, gold, 0, cy - 4, 92, 12) +
        `<circle cx="0" cy="${f(cy - 4)}" r="92" fill="none" stroke="${METAL_SHADE.gold.dark}" stroke-opacity=".3" stroke-width="10" stroke-dasharray="4 6"/>` +
        band(d, gold, 78, cy + 10, 88, 12) +
        stonesOnArc(d, 'zirc', 78, cy + 10, 88, 205, 335, 10, 5.2, 'round', s.lod);
      return `<g filter="${d.ref('f-sh')}">${body}</g>`;
    }
  }
  if (s.kind === 'ondas') {
    const pts: Pt[] = [];
    for (let i = 0; i < 72; i++) {
      const t = (i / 72) * Math.PI * 2;
      const rr = R + 6 * Math.sin(6 * t);
      pts.push({ x: rr * Math.cos(t), y: cy + rr * Math.sin(t) });
    }
    const path = smooth(pts, true);
    body =
      `<path d="${path}" fill="none" stroke="${d.ref(`m-${m}`)}" stroke-width="${w}"/>` +
      `<path d="${path}" fill="none" stroke="${sh.dark}" stroke-opacity=".25" stroke-width="${w}" stroke-dasharray="2 3"/>` +
      `<path d="${path}" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="3" transform="translate(0 -3)"/>`;
  } else {
    body = band(d, m, 0, cy, R, w);
  }
  return `<g filter="${d.ref('f-sh')}">${body}${head}</g>`;
}

/** A ring as worn: origin on the finger's centre line, finger pointing to -y, `fw` finger width. */
function ringWorn(d: Doc, s: Spec, fw: number): string {
  const m = s.metal;
  const sh = METAL_SHADE[m];
  const h = fw / 2 + 3;
  const bandPath = (y: number): string => `M${f(-h)} ${f(y - 5)}Q0 ${f(y + 9)} ${f(h)} ${f(y - 5)}`;
  const plain = (y: number, w: number): string =>
    `<path d="${bandPath(y)}" fill="none" stroke="${sh.dark}" stroke-width="${f(w + 2)}" stroke-linecap="round"/>` +
    `<path d="${bandPath(y)}" fill="none" stroke="${sh.mid}" stroke-width="${f(w)}" stroke-linecap="round"/>` +
    `<path d="${bandPath(y - w * 0.22)}" fill="none" stroke="${sh.light}" stroke-width="${f(w * 0.3)}" stroke-linecap="round" stroke-opacity=".9"/>`;
  const stonesAlong = (y: number, n: number, size: number, color: GemColor): string => {
    let out = '';
    for (let i = 0; i < n; i++) {
      const t = (i + 0.5) / n;
      const x = -h + 2 * h * t;
      const yy = y - 5 + 2 * (1 - t) * t * 14;
      out += d.gem('round', color, x, yy, size);
    }
    return out;
  };
  switch (s.kind) {
    case 'falange':
      return plain(0, 5);
    case 'chunky':
      return (
        plain(0, 20) +
        `<path d="${bandPath(0)}" fill="none" stroke="${sh.dark}" stroke-opacity=".3" stroke-width="16" stroke-dasharray="3 5"/>`
      );
    case 'ondas':
      return (
        plain(0, 11) +
        `<path d="${bandPath(0)}" fill="none" stroke="${sh.dark}" stroke-opacity=".3" stroke-width="9" stroke-dasharray="2 3"/>`
      );
    case 'aparador':
      return plain(0, 8) + stonesAlong(0, 6, 3.4, s.gem);
    case 'meia':
    case 'riviera':
      return plain(0, 12) + stonesAlong(0, 7, 4.3, s.gem);
    case 'trio':
      return (
        plain(-16, 6) +
        plain(0, 7) +
        `<path d="${bandPath(0)}" fill="none" stroke="${sh.dark}" stroke-opacity=".35" stroke-width="6" stroke-dasharray="2 3"/>` +
        plain(16, 7) +
        stonesAlong(16, 6, 3, 'zirc')
      );
    case 'chevalier':
      return (
        plain(0, 8) +
        `<ellipse cx="0" cy="2" rx="${f(fw * 0.42)}" ry="${f(fw * 0.32)}" fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width="1"/>` +
        `<ellipse cx="0" cy="2" rx="${f(fw * 0.32)}" ry="${f(fw * 0.23)}" fill="${d.ref('mop')}"/>`
      );
    case 'perola':
      return plain(0, 6) + d.pearl(0, 1, fw * 0.3);
    case 'halo': {
      const big = fw * 0.24;
      let halo = '';
      for (let i = 0; i < 14; i++) {
        const o = gemOutline(s.shape, (i / 14) * Math.PI * 2);
        halo += d.gem('round', 'zirc', (o.x * big * 1.42) / 10, 1 + (o.y * big * 1.42) / 10, 2.6);
      }
      return (
        plain(0, 6) +
        d.outline(s.shape, 0, 1, big * 1.6, 0, `fill="${sh.mid}"`) +
        halo +
        d.gem(s.shape, s.gem, 0, 1, big)
      );
    }
    default: {
      const r = fw * 0.26;
      return (
        plain(0, 6) +
        d.gem(s.shape, s.gem, 0, 1, r) +
        (s.shape === 'round' ? prongs(m, 0, 1, r) : '') +
        d.sparkle(r * 0.6, 1 - r * 0.6, 8)
      );
    }
  }
}

// ───────────────────────────── earrings ─────────────────────────────

/** Vertical extent of one earring below its piercing point (for centring a pair). */
function earringDrop(kind: string): number {
  return (
    {
      'argola-cravejada': 170,
      argola: 170,
      'argola-torcida': 190,
      'argola-maxi': 250,
      'argola-perolas': 200,
      gota: 150,
      franja: 270,
      hook: 130,
      flor: 40,
      trepador: 20,
      cuff: 110,
      piercing: 80,
    }[kind] ?? 0
  );
}

/** One earring; origin at the piercing, hanging to +y. `side` mirrors it (-1 left, 1 right). */
function earring(d: Doc, s: Spec, side: 1 | -1 = 1): string {
  const m = s.metal;
  const sh = METAL_SHADE[m];
  const M = d.ref(`m-${m}`);
  const hoop = (r: number, w: number): string => {
    const cy = r - 4;
    return (
      `<ellipse cx="0" cy="${f(cy)}" rx="${f(r * 0.92)}" ry="${f(r)}" fill="none" stroke="${M}" stroke-width="${f(w)}"/>` +
      `<ellipse cx="0" cy="${f(cy)}" rx="${f(r * 0.92 - w / 2 + 0.6)}" ry="${f(r - w / 2 + 0.6)}" fill="none" stroke="${sh.dark}" stroke-opacity=".4" stroke-width="1.1"/>` +
      `<path d="${arc(0, cy, r * 0.92 + w * 0.15, r + w * 0.15, 195, 245)}" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="${f(Math.max(1.4, w * 0.18))}" stroke-linecap="round"/>` +
      `<path d="${arc(0, cy, r * 0.92, r, 30, 150)}" fill="none" stroke="${sh.dark}" stroke-opacity=".2" stroke-width="${f(w * 0.5)}"/>`
    );
  };
  const stud = (size: number): string => d.gem('round', s.gem, 0, 0, size) + prongs(m, 0, 0, size);
  switch (s.kind) {
    case 'argola':
      return hoop(85, 16);
    case 'argola-cravejada': {
      let stones = '';
      const nc = Math.max(6, Math.round(13 * s.lod));
      for (let i = 0; i < nc; i++) {
        const a = 15 + (150 * i) / (nc - 1);
        stones += d.gem(
          'round',
          s.gem,
          85 * 0.92 * Math.cos(rad(a)),
          81 + 85 * Math.sin(rad(a)),
          5.6,
        );
      }
      return hoop(85, 15) + stones + d.sparkle(-34 * side, 150, 12);
    }
    case 'argola-torcida':
      return (
        hoop(95, 14) +
        `<ellipse cx="0" cy="91" rx="${f(95 * 0.92)}" ry="95" fill="none" stroke="${sh.dark}" stroke-opacity=".35" stroke-width="12" stroke-dasharray="4 5" transform="rotate(${side * 2} 0 91)"/>` +
        `<ellipse cx="0" cy="91" rx="${f(95 * 0.92)}" ry="95" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="8" stroke-dasharray="2 7"/>`
      );
    case 'argola-maxi':
      return hoop(125, 26);
    case 'argola-perolas': {
      let drops = '';
      for (const [a, len] of [
        [60, 34],
        [90, 46],
        [120, 34],
      ] as const) {
        const x = 74 * 0.92 * Math.cos(rad(a));
        const y = 70 + 74 * Math.sin(rad(a));
        drops +=
          `<path d="M${f(x)} ${f(y)}L${f(x)} ${f(y + len - 12)}" stroke="${sh.dark}" stroke-width="2"/>` +
          d.pearl(x, y + len, 13);
      }
      return hoop(74, 7) + drops;
    }
    case 'perola':
      return d.pearl(0, 0, 40);
    case 'gota':
      return (
        stud(14) +
        `<circle cx="0" cy="22" r="5" fill="none" stroke="${sh.mid}" stroke-width="2.5"/>` +
        bezelGem(d, s, 'pear', s.gem, 0, 82, 44) +
        d.sparkle(-12 * side, 66, 12)
      );
    case 'franja': {
      let strands = `<rect x="-34" y="16" width="68" height="7" rx="3.5" fill="${M}"/>`;
      const lens = [150, 200, 240, 200, 150];
      for (let i = 0; i < 5; i++) {
        const x = -28 + i * 14;
        const len = at(lens, i);
        strands += `<path d="M${x} 22L${x} ${len}" stroke="${sh.mid}" stroke-width="1.4"/>`;
        const g = GEM[s.gem];
        strands +=
          `<path d="M${x} 38V${len - 10}" stroke="${g[3]}" stroke-width="12" stroke-linecap="round" stroke-dasharray="0 22"/>` +
          `<path d="M${x} 38V${len - 10}" stroke="${g[2]}" stroke-width="10" stroke-linecap="round" stroke-dasharray="0 22"/>` +
          `<path d="M${x - 1.5} 36.5V${len - 11.5}" stroke="${g[0]}" stroke-width="5" stroke-linecap="round" stroke-dasharray="0 22"/>`;
        strands += d.gem('pear', s.gem, x, len + 8, 7);
      }
      return stud(12) + strands + d.sparkle(0, 120, 14);
    }
    case 'cuff': {
      const p = arc(0, 55, 52, 68, -115, 120);
      const p2 = arc(0, 55, 40, 54, -100, 105);
      let stones = '';
      for (let i = 0; i < 9; i++) {
        const a = -85 + (190 * i) / 8;
        stones += d.gem('round', s.gem, 52 * Math.cos(rad(a)), 55 + 68 * Math.sin(rad(a)), 5);
      }
      return (
        `<g transform="scale(${side} 1)"><path d="${p}" fill="none" stroke="${sh.dark}" stroke-width="13" stroke-linecap="round"/><path d="${p}" fill="none" stroke="${sh.mid}" stroke-width="10.5" stroke-linecap="round"/>` +
        `<path d="${p2}" fill="none" stroke="${sh.dark}" stroke-width="7" stroke-linecap="round"/><path d="${p2}" fill="none" stroke="${sh.light}" stroke-width="4.5" stroke-linecap="round"/>${stones}</g>`
      );
    }
    case 'piercing': {
      let out = '';
      [26, 32, 38].forEach((r, i) => {
        const x = (-70 + i * 62) * side;
        out += `<g transform="translate(${x} 0)">${hoop(r, 6.5)}</g>`;
      });
      return out;
    }
    case 'hook': {
      const pts: Pt[] = [];
      for (let i = 0; i <= 12; i++) {
        const t = i / 12;
        const a = rad(-80 + 250 * t);
        pts.push({ x: side * (-Math.cos(a) * 48 + 6), y: 60 + Math.sin(a) * 62 });
      }
      let out = `<path d="${smooth(pts)}" fill="none" stroke="${sh.dark}" stroke-width="13" stroke-linecap="round"/><path d="${smooth(pts)}" fill="none" stroke="${sh.mid}" stroke-width="10" stroke-linecap="round"/>`;
      pts.forEach((p, i) => {
        if (i > 0 && i < 12) out += d.gem('round', s.gem, p.x, p.y, 5.3 - i * 0.12);
      });
      return stud(8) + out;
    }
    case 'flor': {
      let out = '';
      for (let i = 0; i < 5; i++) {
        const a = i * 72 - 90;
        out += `<ellipse cx="0" cy="-24" rx="17" ry="25" transform="rotate(${a + 90})" fill="${d.ref('mop')}" stroke="${sh.mid}" stroke-width="3"/>`;
      }
      return (
        `<g transform="rotate(${side * 8})">${out}</g>` +
        d.gem('round', 'zirc', 0, 0, 11) +
        prongs(m, 0, 0, 11)
      );
    }
    case 'trepador': {
      let out = '';
      const pts: Pt[] = [];
      for (let i = 0; i < 5; i++) {
        const t = i / 4;
        pts.push({ x: side * (Math.sin(t * 1.2) * 48), y: -t * 140 });
      }
      out += `<path d="${smooth(pts)}" fill="none" stroke="${sh.mid}" stroke-width="5" stroke-linecap="round"/>`;
      pts.forEach((p, i) => {
        out += d.gem('round', s.gem, p.x, p.y, 14 - i * 2.1) + prongs(m, p.x, p.y, 14 - i * 2.1);
      });
      return out;
    }
    default:
      return stud(30) + d.sparkle(18, -18, 16);
  }
}

/** A pair of earrings (or a single piece) centred at the origin, fitting ±190. */
function earringsView(d: Doc, s: Spec): string {
  if (s.kind === 'cuff')
    return `<g filter="${d.ref('f-sh')}" transform="translate(0 -70) scale(1.5)">${earring(d, s)}</g>`;
  if (s.kind === 'piercing')
    return `<g filter="${d.ref('f-sh')}" transform="translate(0 -60) scale(1.45)">${earring(d, s)}</g>`;
  if (s.kind === 'trepador') {
    return `<g filter="${d.ref('f-sh')}" transform="scale(1.4)"><g transform="translate(-80 60) rotate(-8)">${earring(d, s, -1)}</g><g transform="translate(80 60) rotate(8)">${earring(d, s, 1)}</g></g>`;
  }
  const drop = earringDrop(s.kind);
  const big = s.kind === 'argola-maxi';
  const small = s.kind === 'perola' || s.kind === 'stud' || s.kind === 'flor';
  const scale = big ? 0.74 : s.kind === 'franja' ? 1.05 : small ? 1.45 : 1;
  const gap = big ? 135 : small ? 80 : 102;
  const y0 = -(drop * scale) / 2;
  const one = d.shared(`brinco-${s.p.key}-${s.lod}`, () => earring(d, s, 1));
  return (
    `<g filter="${d.ref('f-sh')}" transform="translate(0 ${f(y0)}) scale(${f2(scale)})">` +
    `<use href="#${one}" transform="translate(${-gap} 0)rotate(4)scale(-1 1)"/><use href="#${one}" transform="translate(${gap} 0)rotate(-4)"/></g>`
  );
}

// ───────────────────────────── bracelets ─────────────────────────────

interface Split {
  back: string;
  front: string;
}

/** A bracelet around an ellipse rx×ry centred at the origin; back half and front half apart. */
function bracelet(d: Doc, s: Spec, rx: number, ry: number, k = 1): Split {
  const m = s.metal;
  const sh = METAL_SHADE[m];
  const back: string[] = [];
  const front: string[] = [];
  const put = (y: number, svg: string): void => {
    (y < 0 ? back : front).push(svg);
  };
  const halfPath = (which: 'back' | 'front', rxx = rx, ryy = ry, dy = 0): string =>
    which === 'back' ? arc(0, dy, rxx, ryy, 180, 360) : arc(0, dy, rxx, ryy, 0, 180);
  const chainHalf = (w: number, dy = 0): void => {
    back.push(chain(d, halfPath('back', rx, ry, dy), m, w));
    front.push(chain(d, halfPath('front', rx, ry, dy), m, w));
  };
  const pos = (deg: number, dy = 0): Pt & { depth: number; tan: number } => {
    const t = rad(deg);
    return {
      x: rx * Math.cos(t),
      y: dy + ry * Math.sin(t),
      depth: 0.78 + 0.22 * ((Math.sin(t) + 1) / 2),
      tan: (Math.atan2(ry * Math.cos(t), -rx * Math.sin(t)) * 180) / Math.PI,
    };
  };
  const bangle = (w: number, dy = 0, rxx = rx, ryy = ry): void => {
    back.push(
      `<path d="${halfPath('back', rxx, ryy, dy)}" fill="none" stroke="${d.ref(`m-${m}`)}" stroke-width="${f(w)}"/>` +
        `<path d="${halfPath('back', rxx, ryy, dy)}" fill="none" stroke="#000" stroke-opacity=".22" stroke-width="${f(w)}"/>`,
    );
    front.push(
      `<path d="${halfPath('front', rxx, ryy, dy)}" fill="none" stroke="${d.ref(`mv-${m}`)}" stroke-width="${f(w)}" stroke-linecap="butt"/>` +
        `<path d="${arc(0, dy - w * 0.18, rxx, ryy, 20, 160)}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="${f(Math.max(1.5, w * 0.14))}" stroke-linecap="round"/>`,
    );
  };
  const gemsAround = (n0: number, size0: number, colorOf: (i: number) => GemColor): void => {
    const items: { y: number; svg: string }[] = [];
    const n = Math.round(n0 * s.lod);
    const size = size0 * Math.sqrt(n0 / n);
    for (let i = 0; i < n; i++) {
      const p = pos((360 * i) / n + 90);
      items.push({ y: p.y, svg: d.setGem(colorOf(i), m, p.x, p.y, size * p.depth) });
    }
    items.sort((a, b) => a.y - b.y).forEach((it) => put(it.y, it.svg));
  };
  const links = (n0: number, len0: number, w: number, pattern: (i: number) => number): void => {
    const items: { y: number; svg: string }[] = [];
    const n = Math.max(8, Math.round(n0 * s.lod));
    const len = len0 * Math.sqrt(n0 / n);
    for (let i = 0; i < n; i++) {
      const p = pos((360 * i) / n + 90);
      const l = len * pattern(i) * p.depth;
      const flat = i % 2 === 0 ? 0.55 : 0.42;
      items.push({
        y: p.y,
        svg: d.link(m, p.y >= 0, p.x, p.y, p.tan, l, len * flat * p.depth, (w / l) * 10),
      });
    }
    items.sort((a, b) => a.y - b.y).forEach((it) => put(it.y, it.svg));
  };
  switch (s.kind) {
    case 'riviera':
      if (s.lod < 1) {
        back.push(stoneRow(d, halfPath('back'), 'zirc', m, 8.5 * k, true));
        front.push(stoneRow(d, halfPath('front'), 'zirc', m, 9.5 * k));
        if (s.gem === 'emer')
          front.push(
            stoneRow(d, halfPath('front'), 'emer', m, 9.5 * k).replace(
              /stroke-dasharray="0 ([\d.]+)"/g,
              (_, g: string) => `stroke-dasharray="0 ${f(Number(g) * 2)}"`,
            ),
          );
      } else gemsAround(40, 9.5 * k, (i) => (s.gem === 'emer' && i % 2 === 0 ? 'emer' : 'zirc'));
      front.push(d.sparkle(-rx * 0.3, ry * 0.95, 16 * k));
      break;
    case 'grumet':
      links(34, 16 * k, 5 * k, () => 1);
      break;
    case 'elos':
      links(18, 24 * k, 7.5 * k, () => 1);
      break;
    case 'cartier':
      links(36, 12 * k, 4 * k, (i) => (i % 4 === 3 ? 1.7 : 0.9));
      break;
    case 'bangle':
      bangle(24 * k);
      break;
    case 'bangle-stones': {
      bangle(26 * k);
      for (let i = 0; i < 17; i++) {
        const p = pos(15 + (150 * i) / 16);
        front.push(d.gem('round', s.gem, p.x, p.y - 4 * k, 6.5 * k * p.depth));
      }
      break;
    }
    case 'bangle-mop': {
      bangle(32 * k);
      for (let i = 0; i < 7; i++) {
        const p = pos(30 + (120 * i) / 6);
        front.push(
          `<rect x="${f(p.x - 13 * k)}" y="${f(p.y - 12 * k)}" width="${f(26 * k)}" height="${f(22 * k)}" rx="${f(5 * k)}" transform="rotate(${f(p.tan)} ${f(p.x)} ${f(p.y)})" fill="${d.ref('mop')}" stroke="${sh.dark}" stroke-width="1"/>`,
        );
      }
      break;
    }
    case 'pearls': {
      if (s.lod < 1) {
        back.push(stoneRow(d, halfPath('back'), 'pearl', m, 11 * k, true));
        front.push(stoneRow(d, halfPath('front'), 'pearl', m, 12.5 * k));
        break;
      }
      const n = Math.round(30 * s.lod);
      const items: { y: number; svg: string }[] = [];
      for (let i = 0; i < n; i++) {
        const p = pos((360 * i) / n + 90 + 6);
        items.push({ y: p.y, svg: d.pearl(p.x, p.y, 12.5 * Math.sqrt(30 / n) * k * p.depth) });
      }
      const c = pos(270);
      items.push({
        y: c.y + 0.1,
        svg: `<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(11 * k)}" fill="${d.ref(`m-${m}`)}"/>`,
      });
      items.sort((a, b) => a.y - b.y).forEach((it) => put(it.y, it.svg));
      break;
    }
    case 'charms': {
      chainHalf(4.5 * k);
      const charms = ['heart', 'star', 'coin'];
      [62, 92, 122].forEach((deg, i) => {
        const p = pos(deg);
        const y = p.y + 24 * k;
        const kind = at(charms, i);
        let shape = '';
        if (kind === 'heart')
          shape = `<path d="${gemPath('heart', 16 * k)}" transform="translate(${f(p.x)} ${f(y)})" fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width="1"/>`;
        else if (kind === 'star') {
          const pts: Pt[] = [];
          for (let j = 0; j < 10; j++) {
            const rr = (j % 2 ? 7 : 16) * k;
            const a = rad(j * 36 - 90);
            pts.push({ x: p.x + rr * Math.cos(a), y: y + rr * Math.sin(a) });
          }
          shape = `<path d="M${pts.map((q) => `${f(q.x)} ${f(q.y)}`).join('L')}Z" fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width="1" stroke-linejoin="round"/>`;
        } else
          shape =
            `<circle cx="${f(p.x)}" cy="${f(y)}" r="${f(13 * k)}" fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width="1"/>` +
            d.gem('round', 'zirc', p.x, y, 4.5 * k);
        front.push(
          `<path d="M${f(p.x)} ${f(p.y)}L${f(p.x)} ${f(y - 10 * k)}" stroke="${sh.dark}" stroke-width="${f(2.2 * k)}"/><circle cx="${f(p.x)}" cy="${f(p.y + 4 * k)}" r="${f(4 * k)}" fill="none" stroke="${sh.mid}" stroke-width="${f(2 * k)}"/>` +
            shape,
        );
      });
      break;
    }
    case 'eye': {
      chainHalf(3.5 * k);
      const p = pos(90);
      const e = 19 * k;
      let ring = '';
      for (let i = 0; i < 14; i++) {
        const a = rad((i * 360) / 14);
        ring += d.gem(
          'round',
          'zirc',
          p.x + Math.cos(a) * e * 1.05,
          p.y + Math.sin(a) * e * 1.05,
          3 * k,
        );
      }
      front.push(
        `<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(e * 1.3)}" fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width="1"/>` +
          ring +
          `<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(e * 0.82)}" fill="${d.ref('rg-saph')}"/><circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(e * 0.5)}" fill="#f7f9fc"/><circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(e * 0.36)}" fill="#7fb2ee"/><circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(e * 0.18)}" fill="#0b1630"/><circle cx="${f(p.x - e * 0.3)}" cy="${f(p.y - e * 0.35)}" r="${f(e * 0.12)}" fill="#fff" opacity=".85"/>`,
      );
      break;
    }
    case 'drops': {
      chainHalf(3.2 * k);
      [30, 60, 90, 120, 150].forEach((deg) => {
        const p = pos(deg);
        front.push(
          `<path d="M${f(p.x)} ${f(p.y)}L${f(p.x)} ${f(p.y + 6 * k)}" stroke="${sh.mid}" stroke-width="${f(1.5 * k)}"/>` +
            bezelGem(d, s, 'pear', s.gem, p.x, p.y + 17 * k, 11 * k * p.depth),
        );
      });
      break;
    }
    case 'mix': {
      const sub = (
        dy: number,
        scaleX: number,
        part: (b: (which: 'back' | 'front') => string) => void,
      ): void =>
        part((w) => arc(0, dy, rx * scaleX, ry, w === 'back' ? 180 : 0, w === 'back' ? 360 : 180));
      sub(-34 * k, 0.97, (h) => {
        back.push(chain(d, h('back'), m, 3.2 * k));
        front.push(chain(d, h('front'), m, 3.2 * k));
      });
      front.push(bezelGem(d, s, 'round', 'zirc', 0, -34 * k + ry, 9 * k));
      bangle(11 * k, 0);
      links(30, 12 * k, 4 * k, () => 1);
      // third: links shifted down
      const extraBack: string[] = [];
      const extraFront: string[] = [];
      const n3 = Math.max(10, Math.round(28 * s.lod));
      for (let i = 0; i < n3; i++) {
        const t = rad((360 * i) / n3 + 90);
        const x = rx * 1.02 * Math.cos(t);
        const y = 34 * k + ry * Math.sin(t);
        const tan = (Math.atan2(ry * Math.cos(t), -rx * Math.sin(t)) * 180) / Math.PI;
        const svg = d.link(m, y >= 34 * k, x, y, tan, 11 * k, 6 * k, 3.3);
        (Math.sin(t) < 0 ? extraBack : extraFront).push(svg);
      }
      back.push(...extraBack);
      front.push(...extraFront);
      // the middle one in `links` above shares the bangle row; keep it slimmer by drawing the bangle last
      break;
    }
    default: {
      chainHalf(3.5 * k);
      const p = pos(90);
      front.push(bezelGem(d, s, 'round', s.gem, p.x, p.y, 13 * k) + prongs(m, p.x, p.y, 13 * k));
      break;
    }
  }
  return { back: back.join(''), front: front.join('') };
}

function braceletView(d: Doc, s: Spec): string {
  const b = bracelet(d, s, 170, 78);
  return `<g filter="${d.ref('f-sh')}" transform="translate(0 10)">${b.back}${b.front}</g>`;
}

// ───────────────────────────── necklaces ─────────────────────────────

interface NeckGeom {
  /** half width between the chain ends */
  a: number;
  /** depth of the U below the ends */
  b: number;
  /** height of the back loop above the ends (0: none, worn) */
  loop: number;
  /** element scale */
  k: number;
}

/** A necklace: ends at (±a, 0), bottom of the U at (0, b). */
function necklace(d: Doc, s: Spec, g: NeckGeom): string {
  const m = s.metal;
  const sh = METAL_SHADE[m];
  const { a, b, loop, k } = g;
  // Worn: a U hanging from the neck sides (±a, 0) to (0, b). Laid flat (loop > 0): a closed
  // teardrop, top at -loop, pulled to a soft point at (0, b) by the pendant's weight.
  const flatPt = (t: number, aa: number, bb: number): Pt => {
    const depth = Math.max(10, bb - loop);
    return { x: aa * Math.sin(t), y: -loop * Math.cos(t) + depth * ((1 - Math.cos(t)) / 2) ** 3 };
  };
  const U0 = (tt: number, aa: number, bb: number): Pt => {
    if (loop > 0) return flatPt(1.5 * Math.PI - Math.PI * tt, aa, bb);
    const th = Math.PI * tt;
    return { x: -aa * Math.cos(th), y: bb * Math.sin(th) };
  };
  const U = (tt: number, aa = a, bb = b): Pt & { tan: number } => {
    const p = U0(tt, aa, bb);
    const q = U0(tt + 0.001, aa, bb);
    return { ...p, tan: (Math.atan2(q.y - p.y, q.x - p.x) * 180) / Math.PI };
  };
  const uPath = (aa = a, bb = b, t0 = 0, t1 = 1): string => {
    const pts: Pt[] = [];
    for (let i = 0; i <= 26; i++) pts.push(U(t0 + ((t1 - t0) * i) / 26, aa, bb));
    return smooth(pts, false, true);
  };
  const loopPath = (aa = a, bb = b): string => {
    if (loop <= 0) return '';
    const pts: Pt[] = [];
    for (let i = 0; i <= 24; i++) pts.push(flatPt(Math.PI / 2 - (Math.PI * i) / 24, aa, bb));
    return smooth(pts, false, true);
  };
  const fullChain = (w: number, aa = a, bb = b): string =>
    chain(d, uPath(aa, bb), m, w) + (loop > 0 ? chain(d, loopPath(aa, bb), m, w) : '');
  const bail = (y: number): string =>
    `<ellipse cx="0" cy="${f(y)}" rx="${f(4 * k)}" ry="${f(6 * k)}" fill="none" stroke="${sh.mid}" stroke-width="${f(2.6 * k)}"/>`;
  let out = '';
  switch (s.kind) {
    case 'riviera':
    case 'bridal': {
      out += loop > 0 ? chain(d, loopPath(), m, 3 * k) : '';
      out += chain(d, uPath(a, b, 0, 0.12), m, 3 * k) + chain(d, uPath(a, b, 0.88, 1), m, 3 * k);
      if (s.lod < 1) out += stoneRow(d, uPath(a, b, 0.12, 0.88), 'zirc', m, 8.2 * k);
      else {
        const n = 30;
        for (let i = 0; i < n; i++) {
          const p = U(0.12 + (0.76 * i) / (n - 1));
          out += d.setGem('zirc', m, p.x, p.y, 8.2 * k);
        }
      }
      if (s.kind === 'bridal') {
        out +=
          bezelGem(d, s, 'pear', 'zirc', 0, b + 32 * k, 18 * k) +
          bezelGem(d, s, 'pear', 'zirc', -28 * k, b + 12 * k, 11 * k, 20) +
          bezelGem(d, s, 'pear', 'zirc', 28 * k, b + 12 * k, 11 * k, -20);
      }
      out += d.sparkle(-a * 0.35, b * 0.9, 16 * k) + d.sparkle(a * 0.5, b * 0.75, 11 * k, 0.7);
      break;
    }
    case 'choker-links': {
      out += loop > 0 ? chain(d, loopPath(), m, 4 * k) : '';
      const n = Math.round(34 * Math.max(0.75, s.lod));
      for (let i = 0; i < n; i++) {
        const p = U(i / (n - 1));
        out += d.link(m, true, p.x, p.y, p.tan, 11 * k, 6.5 * k, 4);
      }
      break;
    }
    case 'pearls': {
      if (s.lod < 1) {
        out +=
          stoneRow(d, uPath(), 'pearl', m, 10.5 * k) +
          (loop > 0 ? stoneRow(d, loopPath(), 'pearl', m, 9.5 * k) : '');
        break;
      }
      const n = Math.round(34 * s.lod);
      for (let i = 0; i < n; i++) {
        const p = U(i / (n - 1));
        out += d.pearl(p.x, p.y, 10.5 * Math.sqrt(34 / n) * k);
      }
      if (loop > 0) {
        const nb = Math.round(16 * s.lod);
        for (let i = 1; i < nb; i++) {
          const q = flatPt(Math.PI / 2 - (Math.PI * i) / nb, a, b);
          if (i !== nb / 2) out += d.pearl(q.x, q.y, 9.5 * Math.sqrt(16 / nb) * k);
        }
        out += `<circle cx="0" cy="${f(-loop)}" r="${f(8 * k)}" fill="${d.ref(`m-${m}`)}"/>`;
      }
      break;
    }
    case 'scapular': {
      out += fullChain(3.4 * k);
      const medal = (y: number, sc: number): string =>
        bail(y - 40 * sc) +
        `<rect x="${f(-24 * sc)}" y="${f(y - 32 * sc)}" width="${f(48 * sc)}" height="${f(64 * sc)}" rx="${f(12 * sc)}" fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width="1.2"/>` +
        `<rect x="${f(-17 * sc)}" y="${f(y - 25 * sc)}" width="${f(34 * sc)}" height="${f(50 * sc)}" rx="${f(9 * sc)}" fill="none" stroke="${sh.dark}" stroke-opacity=".45" stroke-width="1.2"/>` +
        `<circle cx="0" cy="${f(y - 12 * sc)}" r="${f(6 * sc)}" fill="${sh.light}" stroke="${sh.dark}" stroke-opacity=".5"/>` +
        `<path d="M0 ${f(y - 6 * sc)}L${f(-11 * sc)} ${f(y + 18 * sc)}L${f(11 * sc)} ${f(y + 18 * sc)}Z" fill="${sh.light}" stroke="${sh.dark}" stroke-opacity=".5"/>` +
        `<circle cx="0" cy="${f(y - 12 * sc)}" r="${f(9.5 * sc)}" fill="none" stroke="${sh.dark}" stroke-opacity=".35" stroke-dasharray="1.5 2"/>`;
      out += medal(b + 44 * k, k);
      if (loop > 0) out += medal(-loop + 30 * k, k * 0.8);
      break;
    }
    case 'heart': {
      out += fullChain(3.2 * k) + bail(b + 4 * k);
      out += `<path d="${gemPath('heart', 36 * k)}" transform="translate(0 ${f(b + 42 * k)})" fill="none" stroke="${sh.dark}" stroke-width="${f(10 * k)}" stroke-linejoin="round"/>`;
      out += `<path d="${gemPath('heart', 36 * k)}" transform="translate(0 ${f(b + 42 * k)})" fill="none" stroke="${d.ref(`m-${m}`)}" stroke-width="${f(7.5 * k)}" stroke-linejoin="round"/>`;
      break;
    }
    case 'medal': {
      out += fullChain(3 * k) + bail(b + 2 * k);
      const cy = b + 46 * k;
      const R = 38 * k;
      let beads = '';
      const nb = Math.round(30 * s.lod);
      for (let i = 0; i < nb; i++) {
        const t = rad((i * 360) / nb);
        beads += `<circle cx="${f(Math.cos(t) * R * 0.9)}" cy="${f(cy + Math.sin(t) * R * 0.9)}" r="${f(2.2 * k)}" fill="${sh.light}" stroke="${sh.dark}" stroke-width=".4"/>`;
      }
      out +=
        `<circle cx="0" cy="${f(cy)}" r="${f(R)}" fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width="1.2"/>` +
        beads +
        `<circle cx="0" cy="${f(cy)}" r="${f(R * 0.76)}" fill="${d.ref('mop')}" stroke="${sh.dark}" stroke-opacity=".4"/>` +
        `<path d="M${f(-R * 0.45)} ${f(cy - R * 0.2)}Q0 ${f(cy - R * 0.6)} ${f(R * 0.42)} ${f(cy - R * 0.28)}" stroke="#fff" stroke-opacity=".8" stroke-width="${f(3 * k)}" fill="none" stroke-linecap="round"/>`;
      break;
    }
    case 'lariat': {
      out += fullChain(3 * k);
      for (let i = 0; i < 9; i++) {
        const y = b + (8 + i * 17) * k;
        out +=
          `<circle cx="0" cy="${f(y)}" r="${f((7.5 - i * 0.25) * k)}" fill="${sh.mid}"/>` +
          d.gem('round', s.gem, 0, y, (6.2 - i * 0.2) * k);
      }
      out += bezelGem(d, s, 'pear', s.gem, 0, b + 178 * k, 15 * k);
      out += d.gem('round', s.gem, 0, b, 10 * k);
      break;
    }
    case 'layers': {
      const b1 = loop > 0 ? b * 0.62 : b * 0.55;
      const b2 = loop > 0 ? b * 0.82 : b * 0.8;
      out +=
        fullChain(2.6 * k, a * 0.8, b1) + bezelGem(d, s, 'round', 'zirc', 0, b1 + 9 * k, 8 * k);
      out += chain(d, uPath(a * 0.9, b2), m, 3.6 * k);
      out += fullChain(2.8 * k) + bail(b + 3 * k);
      out += `<circle cx="0" cy="${f(b + 22 * k)}" r="${f(16 * k)}" fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width="1"/><circle cx="0" cy="${f(b + 22 * k)}" r="${f(11 * k)}" fill="none" stroke="${sh.dark}" stroke-opacity=".4"/>`;
      break;
    }
    case 'cross': {
      out += fullChain(2.8 * k) + bail(b + 4 * k);
      const cy = b + 14 * k;
      const st = 11 * k;
      const cells: Pt[] = [0, 1, 2, 3, 4]
        .map((i) => ({ x: 0, y: cy + i * st * 1.9 }))
        .concat([
          { x: -st * 1.9, y: cy + st * 1.9 },
          { x: st * 1.9, y: cy + st * 1.9 },
        ]);
      out += `<path d="M${f(-st)} ${f(cy - st)}h${f(2 * st)}v${f(st * 1.9)}h${f(st * 1.9)}v${f(2 * st)}h${f(-st * 1.9)}v${f(st * 5.7)}h${f(-2 * st)}v${f(-st * 5.7)}h${f(-st * 1.9)}v${f(-2 * st)}h${f(st * 1.9)}Z" fill="${d.ref(`m-${m}`)}" stroke="${sh.dark}" stroke-width="1" stroke-linejoin="round"/>`;
      for (const c of cells) out += d.gem('round', s.gem, c.x, c.y, st * 0.82);
      break;
    }
    case 'drop': {
      out += fullChain(3 * k) + bail(b + 3 * k);
      const cy = b + 40 * k;
      let halo = '';
      const nh = Math.max(8, Math.round(18 * s.lod));
      for (let i = 0; i < nh; i++) {
        const o = gemOutline('pear', (i / nh) * Math.PI * 2);
        halo += d.gem('round', 'zirc', o.x * 2.95 * k, cy + o.y * 2.95 * k, 3.4 * k);
      }
      out +=
        d.outline('pear', 0, cy, 32 * k, 0, `fill="${d.ref(`m-${m}`)}"`) +
        halo +
        d.gem('pear', s.gem, 0, cy, 24 * k) +
        d.sparkle(14 * k, cy + 16 * k, 11 * k, 0.8);
      break;
    }
    default: {
      // solo: ponto de luz / solitário
      out += fullChain(2.6 * k) + bail(b + 3 * k);
      const r = (s.gem === 'zirc' ? 13 : 16) * k;
      out +=
        d.gem('round', s.gem, 0, b + 10 * k + r, r) +
        prongs(m, 0, b + 10 * k + r, r) +
        d.sparkle(r * 0.6, b + 10 * k + r * 0.4, 12 * k);
      break;
    }
  }
  return out;
}

function necklaceView(d: Doc, s: Spec): string {
  const geom: NeckGeom =
    s.kind === 'riviera' || s.kind === 'choker-links'
      ? { a: 160, b: 170, loop: 130, k: 1.05 }
      : s.kind === 'scapular'
        ? { a: 120, b: 180, loop: 120, k: 1 }
        : s.kind === 'lariat'
          ? { a: 130, b: 110, loop: 110, k: 0.9 }
          : s.kind === 'layers'
            ? { a: 150, b: 200, loop: 120, k: 1 }
            : { a: 140, b: 190, loop: 120, k: 1.15 };
  let extra = '';
  if (s.kind === 'bridal') {
    const ear = (x: number): string =>
      `<g transform="translate(${x} 120)">${d.gem('round', 'zirc', 0, 0, 9)}${prongs('silver', 0, 0, 9)}${bezelGem(d, s, 'pear', 'zirc', 0, 34, 14)}</g>`;
    extra = ear(-215) + ear(215);
  }
  // centre the drawing vertically: ends at y0, bottom around y0 + b + pendant
  const tail =
    s.kind === 'lariat' ? 190 : s.kind === 'riviera' || s.kind === 'choker-links' ? 10 : 80;
  const y0 = -(geom.b + tail - geom.loop) / 2;
  return `<g filter="${d.ref('f-sh')}" transform="translate(0 ${f(y0)})">${necklace(d, s, geom)}${extra}</g>`;
}

// ───────────────────────────── one product, any view ─────────────────────────────

/** The piece alone, centred at the origin, fitting within ±200. */
function pieceView(d: Doc, s: Spec): string {
  switch (s.p.category) {
    case 'Anel':
      return ringView(d, s);
    case 'Brinco':
      return earringsView(d, s);
    case 'Pulseira':
      return braceletView(d, s);
    case 'Colar':
      return necklaceView(d, s);
  }
}

function background(d: Doc, palette: Palette, w: number, h: number): string {
  return `<rect width="${w}" height="${h}" fill="${d.ref(`bg-${palette}`)}"/>`;
}

/** Soft ground shadow under a piece. */
function groundShadow(
  d: Doc,
  x: number,
  y: number,
  rx: number,
  ry: number,
  opacity = 0.16,
): string {
  return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="#5b4632" opacity="${f2(opacity)}" filter="${d.ref('f-bl-12')}"/>`;
}

function paletteFor(p: SeedProduct, salt: string): Palette {
  return pick(rng(p.key + salt), PALETTES);
}

const SHOT_SCALE: Record<SeedProduct['category'], number> = {
  Anel: 1.6,
  Brinco: 1.5,
  Pulseira: 1.55,
  Colar: 1.45,
};
const BANNER_SCALE: Record<SeedProduct['category'], number> = {
  Anel: 1.75,
  Brinco: 1.6,
  Pulseira: 1.6,
  Colar: 1.5,
};

function productShot(p: SeedProduct): string {
  const d = new Doc();
  const s = specOf(p);
  const pal = paletteFor(p, 'shot');
  const body =
    background(d, pal, 800, 800) +
    `<circle cx="400" cy="400" r="300" fill="${d.ref('gl')}" opacity=".55"/>` +
    groundShadow(d, 400, 640, 230, 26, 0.12) +
    `<g transform="translate(400 400) scale(${SHOT_SCALE[p.category]})">${pieceView(d, s)}</g>`;
  return d.render(800, 800, `${p.name} — foto do produto`, body);
}

// ───────────────────────────── the piece worn ─────────────────────────────

interface Finger {
  x: number;
  y: number;
  rot: number;
  len: number;
  w: number;
}

/** An elegant hand seen from the back, fingers up, wrist at the bottom. Returns the hand and the ring finger frame. */
function hand(d: Doc, skin: number, polish: string, wrist = 0): { svg: string; ring: Finger } {
  const S = d.ref(`skin-${skin}`);
  const [, mid, dark] = at(SKIN, skin);
  const fingers: Finger[] = [
    { x: 512, y: 560, rot: 16, len: 175, w: 50 }, // pinky
    { x: 458, y: 528, rot: 6, len: 228, w: 57 }, // ring
    { x: 398, y: 520, rot: -2, len: 250, w: 60 }, // middle
    { x: 340, y: 536, rot: -10, len: 222, w: 59 }, // index
  ];
  const fingerSvg = (g: Finger): string => {
    const hw = g.w / 2;
    const tip = -g.len;
    const nailW = g.w * 0.6;
    const nailL = g.w * 0.78;
    return (
      `<g transform="translate(${g.x} ${g.y}) rotate(${g.rot})">` +
      `<path d="M${f(-hw)} 40L${f(-hw * 0.96)} ${f(tip + hw)}Q${f(-hw)} ${f(tip)} 0 ${f(tip)}Q${f(hw)} ${f(tip)} ${f(hw * 0.96)} ${f(tip + hw)}L${f(hw)} 40Z" fill="${S}" stroke="${dark}" stroke-opacity=".35" stroke-width="2"/>` +
      `<path d="M${f(-nailW / 2)} ${f(tip + nailL)}L${f(-nailW / 2)} ${f(tip + nailW / 2 + 6)}Q${f(-nailW / 2)} ${f(tip + 6)} 0 ${f(tip + 6)}Q${f(nailW / 2)} ${f(tip + 6)} ${f(nailW / 2)} ${f(tip + nailW / 2 + 6)}L${f(nailW / 2)} ${f(tip + nailL)}Q0 ${f(tip + nailL + 6)} ${f(-nailW / 2)} ${f(tip + nailL)}Z" fill="${polish}"/>` +
      `<path d="M${f(-nailW * 0.22)} ${f(tip + 16)}L${f(-nailW * 0.22)} ${f(tip + nailL - 8)}" stroke="#fff" stroke-opacity=".5" stroke-width="3" stroke-linecap="round"/>` +
      `<path d="M${f(-hw * 0.45)} ${f(tip + g.len * 0.36)}q${f(hw * 0.45)} 6 ${f(hw * 0.9)} 0M${f(-hw * 0.4)} ${f(tip + g.len * 0.62)}q${f(hw * 0.4)} 5 ${f(hw * 0.8)} 0" stroke="${dark}" stroke-opacity=".28" stroke-width="2" fill="none" stroke-linecap="round"/>` +
      `</g>`
    );
  };
  const palm = `<path d="M${300 - wrist * 0.04} ${1000 + wrist}L318 800Q296 700 300 600Q305 530 360 512L540 540Q560 600 548 690Q536 760 516 810L${520 + wrist * 0.04} ${1000 + wrist}Z" fill="${S}" stroke="${dark}" stroke-opacity=".3" stroke-width="2"/>`;
  const thumb = `<path d="M316 700Q262 640 222 560Q206 530 224 516Q246 504 266 528Q300 572 350 610Z" fill="${S}" stroke="${dark}" stroke-opacity=".35" stroke-width="2"/><path d="M219 532Q214 518 226 513Q240 508 248 520L244 540Z" fill="${polish}"/>`;
  const tendon = `<path d="M360 780Q380 680 372 600M430 790Q436 690 424 604M488 780Q480 690 474 610" stroke="${mid}" stroke-opacity=".5" stroke-width="3" fill="none"/>`;
  const ringF = at(fingers, 1);
  return {
    svg: palm + tendon + fingers.map(fingerSvg).join('') + thumb,
    ring: ringF,
  };
}

function wornRing(p: SeedProduct): string {
  const d = new Doc();
  const s = specOf(p, 'worn');
  const r = rng(p.key + 'pessoa');
  const skin = Math.floor(r() * SKIN.length);
  const polish = pick(r, POLISH);
  const pal = pick(r, PALETTES);
  const cloth = Math.floor(r() * CLOTH.length);
  const h = hand(d, skin, polish);
  const g = h.ring;
  const ringY = -g.len * 0.2;
  const ring = `<g transform="translate(${g.x} ${g.y}) rotate(${g.rot}) translate(0 ${f(ringY)})" filter="${d.ref('f-soft')}">${ringWorn(d, s, g.w)}</g>`;
  const sleeve = `<path d="M276 1060L288 850Q420 822 552 850L566 1060Z" fill="${d.ref(`cloth-${cloth}`)}"/><path d="M288 850Q420 822 552 850" stroke="#000" stroke-opacity=".12" stroke-width="4" fill="none"/><path d="M330 860L326 1060M470 856L476 1060" stroke="#000" stroke-opacity=".06" stroke-width="6"/>`;
  const body =
    background(d, pal, 800, 1000) +
    `<circle cx="420" cy="440" r="380" fill="${d.ref('gl')}" opacity=".5"/>` +
    `<g transform="translate(420 470) scale(1.28) translate(-463 -483)"><g filter="${d.ref('f-sh')}">${h.svg}</g>${ring}${sleeve}</g>`;
  return d.render(800, 1000, `${p.name} — no dedo`, body);
}

function wornBracelet(p: SeedProduct): string {
  const d = new Doc();
  const s = specOf(p, 'worn');
  const r = rng(p.key + 'pessoa');
  const skin = Math.floor(r() * SKIN.length);
  const polish = pick(r, POLISH);
  const pal = pick(r, PALETTES);
  const cloth = Math.floor(r() * CLOTH.length);
  const h = hand(d, skin, polish, 260);
  const b = bracelet(d, s, 124, 30, 0.8);
  const at0 = `translate(${f(410 + (hash(p.key) % 30))} 700) rotate(-7) scale(1.05) translate(-415 -900)`;
  const body =
    background(d, pal, 800, 1000) +
    `<circle cx="420" cy="480" r="400" fill="${d.ref('gl')}" opacity=".5"/>` +
    `<g transform="${at0}"><g transform="translate(414 915) rotate(-3)">${b.back}</g>` +
    `<g filter="${d.ref('f-sh')}">${h.svg}</g>` +
    `<g transform="translate(414 915) rotate(-3)" filter="${d.ref('f-soft')}">${b.front}</g>` +
    `<path d="M270 1300L280 1080Q415 1052 552 1080L566 1300Z" fill="${d.ref(`cloth-${cloth}`)}"/><path d="M280 1080Q415 1052 552 1080" stroke="#000" stroke-opacity=".12" stroke-width="4" fill="none"/></g>`;
  return d.render(800, 1000, `${p.name} — no pulso`, body);
}

function wornEarring(p: SeedProduct): string {
  const d = new Doc();
  const s = specOf(p, 'worn');
  const r = rng(p.key + 'pessoa');
  const skin = Math.floor(r() * SKIN.length);
  const pal = pick(r, PALETTES);
  const hair = pick(r, HAIR);
  const cloth = Math.floor(r() * CLOTH.length);
  const S = d.ref(`skin-${skin}`);
  const [light, mid, dark] = at(SKIN, skin);
  const face =
    `<path d="M600 1000L612 720Q640 600 650 470L650 300Q640 170 520 140Q380 120 300 210Q262 262 262 330Q262 372 250 404L214 470Q206 484 222 490L246 498Q240 512 246 526Q238 540 248 552Q246 574 256 590Q270 632 320 640Q372 648 404 666L410 760Q404 860 360 1000Z" fill="${S}" stroke="${dark}" stroke-opacity=".25" stroke-width="2"/>` +
    `<path d="M404 666Q470 700 560 650" stroke="${dark}" stroke-opacity=".22" stroke-width="14" fill="none" stroke-linecap="round"/>` +
    `<path d="M222 490L246 498" stroke="${dark}" stroke-opacity=".5" stroke-width="2"/>` +
    `<path d="M240 530Q256 534 266 528" stroke="#b56a66" stroke-opacity=".8" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `<path d="M296 370Q320 360 346 372" stroke="${dark}" stroke-opacity=".55" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<path d="M300 392Q318 398 336 392" stroke="${dark}" stroke-opacity=".7" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="318" cy="470" rx="40" ry="26" fill="#e7958a" opacity=".18"/>`;
  const ear =
    `<path d="M468 420Q470 376 512 372Q560 370 566 420Q570 470 540 500Q522 520 526 548Q524 572 504 574Q482 572 480 540Q478 500 470 470Z" fill="${S}" stroke="${dark}" stroke-opacity=".45" stroke-width="2.5"/>` +
    `<path d="M488 418Q496 392 520 394Q546 398 546 428Q544 458 522 474Q506 488 508 508" fill="none" stroke="${dark}" stroke-opacity=".4" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M500 440Q512 426 524 440" fill="none" stroke="${mid}" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M470 380Q500 360 540 366" stroke="${light}" stroke-opacity=".6" stroke-width="3" fill="none"/>`;
  const hairSvg =
    `<path d="M262 320Q262 210 330 160Q420 100 540 120Q640 140 690 230Q730 320 700 420Q680 470 640 500L600 520Q590 470 580 430Q566 380 540 360Q500 340 470 360Q440 300 380 290Q320 284 262 320Z" fill="${hair}"/>` +
    `<circle cx="660" cy="300" r="92" fill="${hair}"/>` +
    `<path d="M300 250Q420 170 560 200M320 230Q440 150 600 180M600 240Q660 250 700 300M610 230Q680 230 720 280" stroke="#fff" stroke-opacity=".12" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<path d="M600 250Q650 220 690 260Q720 300 690 350" stroke="#000" stroke-opacity=".2" stroke-width="5" fill="none"/>`;
  const top = `<path d="M250 1000Q300 880 420 850Q520 870 620 820L800 860L800 1000Z" fill="${d.ref(`cloth-${cloth}`)}"/>`;
  // where each kind of earring sits on the ear
  let piece: string;
  const sc = 0.5;
  if (s.kind === 'cuff')
    piece = `<g transform="translate(560 440) scale(0.55) rotate(-10)">${earring(d, s, 1)}</g>`;
  else if (s.kind === 'trepador')
    piece = `<g transform="translate(500 548) scale(0.5) rotate(8)">${earring(d, s, 1)}</g>`;
  else if (s.kind === 'piercing') {
    const hp = (x: number, y: number, rr: number, rot: number): string =>
      `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${f2(rr)})">${earring(d, { ...s, kind: 'argola' }, 1)}</g>`;
    piece = hp(500, 556, 0.16, 0) + hp(520, 540, 0.13, -20) + hp(560, 450, 0.13, -60);
  } else piece = `<g transform="translate(500 552) scale(${sc})">${earring(d, s, 1)}</g>`;
  const body =
    background(d, pal, 800, 1000) +
    `<circle cx="480" cy="460" r="380" fill="${d.ref('gl')}" opacity=".45"/>` +
    `<g transform="translate(450 470) scale(1.3) translate(-500 -520)"><g filter="${d.ref('f-sh')}">${face}${hairSvg}${ear}</g>` +
    top +
    `<g filter="${d.ref('f-soft')}">${piece}</g></g>`;
  return d.render(800, 1000, `${p.name} — na orelha`, body);
}

function wornNecklace(p: SeedProduct): string {
  const d = new Doc();
  const s = specOf(p, 'worn');
  const r = rng(p.key + 'pessoa');
  const skin = Math.floor(r() * SKIN.length);
  const pal = pick(r, PALETTES);
  const cloth = Math.floor(r() * CLOTH.length);
  const S = d.ref(`skin-${skin}`);
  const [light, , dark] = at(SKIN, skin);
  const bodySvg =
    `<path d="M0 560Q40 470 170 440Q270 420 300 350Q314 280 304 100L496 100Q486 280 500 350Q530 420 630 440Q760 470 800 560L800 1000L0 1000Z" fill="${S}"/>` +
    `<path d="M304 120Q400 250 496 120L498 260Q400 300 302 260Z" fill="${dark}" opacity=".2"/>` +
    `<path d="M190 0Q206 92 290 132Q360 166 400 168Q440 166 510 132Q594 92 610 0Z" fill="${S}" stroke="${dark}" stroke-opacity=".25" stroke-width="2"/>` +
    `<path d="M350 150Q400 174 450 150" stroke="${dark}" stroke-opacity=".25" stroke-width="3" fill="none"/>` +
    `<path d="M230 470Q300 452 372 470M570 470Q500 452 428 470" stroke="${dark}" stroke-opacity=".25" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<path d="M236 486Q300 470 368 486M564 486Q500 470 432 486" stroke="${light}" stroke-opacity=".5" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `<path d="M400 520L400 640" stroke="${dark}" stroke-opacity=".12" stroke-width="10" stroke-linecap="round"/>`;
  const neckline = pick(r, ['v', 'strapless', 'scoop']);
  const C = d.ref(`cloth-${cloth}`);
  const dress =
    neckline === 'v'
      ? `<path d="M0 600Q80 520 190 500L400 840L610 500Q720 520 800 600L800 1000L0 1000Z" fill="${C}"/><path d="M190 500L400 840L610 500" stroke="#000" stroke-opacity=".15" stroke-width="5" fill="none"/>`
      : neckline === 'strapless'
        ? `<path d="M0 800Q200 740 400 770Q600 740 800 800L800 1000L0 1000Z" fill="${C}"/><path d="M120 790Q260 800 400 770Q540 800 680 790" stroke="#fff" stroke-opacity=".2" stroke-width="4" fill="none"/>`
        : `<path d="M0 580Q110 520 200 520Q240 700 400 720Q560 700 600 520Q690 520 800 580L800 1000L0 1000Z" fill="${C}"/>`;
  const geom: NeckGeom =
    s.kind === 'riviera' || s.kind === 'choker-links'
      ? { a: 100, b: 80, loop: 0, k: 0.85 }
      : s.kind === 'scapular'
        ? { a: 104, b: 400, loop: 0, k: 1 }
        : s.kind === 'layers'
          ? { a: 104, b: 310, loop: 0, k: 1 }
          : s.kind === 'lariat'
            ? { a: 102, b: 220, loop: 0, k: 1 }
            : { a: 102, b: 250, loop: 0, k: 1.15 };
  const neckY = s.kind === 'riviera' || s.kind === 'choker-links' ? 250 : 290;
  const body =
    background(d, pal, 800, 1000) +
    `<g filter="${d.ref('f-sh')}">${bodySvg}</g>` +
    dress +
    `<g transform="translate(400 ${neckY})" filter="${d.ref('f-soft')}">${necklace(d, s, geom)}</g>`;
  return d.render(800, 1000, `${p.name} — no colo`, body);
}

function wornShot(p: SeedProduct): string {
  switch (p.category) {
    case 'Anel':
      return wornRing(p);
    case 'Brinco':
      return wornEarring(p);
    case 'Pulseira':
      return wornBracelet(p);
    case 'Colar':
      return wornNecklace(p);
  }
}

// ───────────────────────────── carousel banner ─────────────────────────────

const CATEGORY_LINE: Record<SeedProduct['category'], string> = {
  Anel: 'Anéis',
  Brinco: 'Brincos',
  Pulseira: 'Pulseiras',
  Colar: 'Colares',
};

function decorations(d: Doc, r: () => number, w: number, h: number): string {
  let out = '';
  for (let i = 0; i < 3; i++) {
    const cx = w * (0.55 + r() * 0.4);
    const cy = h * (0.2 + r() * 0.6);
    const rr = 180 + r() * 260;
    out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rr)}" fill="none" stroke="#c9a24a" stroke-opacity="${f2(0.18 + r() * 0.15)}" stroke-width="1.5"/>`;
  }
  for (let i = 0; i < 7; i++)
    out += d.sparkle(w * (0.45 + r() * 0.5), h * (0.1 + r() * 0.8), 6 + r() * 10, 0.5 + r() * 0.4);
  return out;
}

function carouselBanner(p: SeedProduct): string {
  const d = new Doc();
  const s = specOf(p, 'banner');
  const r = rng(p.key + 'carrossel');
  const pal = pick(r, PALETTES);
  const tag = p.promocao
    ? 'PROMOÇÃO'
    : p.novo
      ? 'NOVIDADE'
      : 'COLEÇÃO ' + CATEGORY_LINE[p.category].toUpperCase();
  const words = p.name.split(' ');
  const lines: string[] = [];
  let cur = '';
  for (const wd of words) {
    if ((cur + ' ' + wd).trim().length > 20 && cur) {
      lines.push(cur);
      cur = wd;
    } else cur = (cur + ' ' + wd).trim();
  }
  if (cur) lines.push(cur);
  const textY = 450 - (lines.length * 74) / 2;
  const title = lines
    .map(
      (l, i) =>
        `<text x="140" y="${f(textY + 60 + i * 74)}" font-family="${SERIF}" font-size="64" fill="#3d2f24">${esc(l)}</text>`,
    )
    .join('');
  const body =
    background(d, pal, 1600, 900) +
    `<rect x="860" y="0" width="740" height="900" fill="#fff" opacity=".28"/>` +
    `<circle cx="1150" cy="450" r="330" fill="${d.ref('gl')}" opacity=".9"/>` +
    `<circle cx="1150" cy="450" r="300" fill="none" stroke="#c9a24a" stroke-opacity=".45" stroke-width="1.5"/>` +
    `<circle cx="1150" cy="450" r="318" fill="none" stroke="#c9a24a" stroke-opacity=".2" stroke-width="1"/>` +
    decorations(d, r, 1600, 900) +
    `<text x="142" y="${f(textY - 14)}" font-family="${SANS}" font-size="20" letter-spacing="6" fill="#a67c1a">${esc(tag)}</text>` +
    `<rect x="142" y="${f(textY + 8)}" width="80" height="2" fill="#c9a24a"/>` +
    title +
    `<text x="142" y="${f(textY + 60 + lines.length * 74 + 10)}" font-family="${SERIF}" font-style="italic" font-size="30" fill="#7a6552">${esc(METAL_LABEL[s.metal])} · antialérgico</text>` +
    groundShadow(d, 1150, 700, 240, 24, 0.12) +
    `<g transform="translate(1150 450) scale(${BANNER_SCALE[p.category]})">${pieceView(d, s)}</g>`;
  return d.render(1600, 900, `${p.name} — destaque da coleção`, body);
}

// ───────────────────────────── looks ─────────────────────────────

/** Files stay under this size: compositions full of stones are redrawn with less detail. */
const MAX_BYTES = 15000;

function lookShot(p: SeedProduct, n: 1 | 2 | 3, byKey: Map<string, SeedProduct>): string {
  let svg = '';
  for (const detail of [1, 0.85, 0.7, 0.55, 0.4]) {
    svg = lookShotAt(p, n, byKey, detail);
    if (Buffer.byteLength(svg) < MAX_BYTES) break;
  }
  return svg;
}

function lookShotAt(
  p: SeedProduct,
  n: 1 | 2 | 3,
  byKey: Map<string, SeedProduct>,
  detail: number,
): string {
  const d = new Doc();
  const r = rng(`${p.key}look${n}`);
  const pal = pick(r, PALETTES);
  const others = (n === 3 ? p.composicoes : [at(p.composicoes, n - 1)]).map((k) => {
    const o = byKey.get(k);
    if (!o) throw new Error(`${p.key}: composição ${k} não existe`);
    return o;
  });
  const items = [p, ...others];
  const slots: { x: number; y: number; s: number; rot: number }[] =
    items.length === 2
      ? [
          { x: 290, y: 330, s: 0.92, rot: -6 },
          { x: 545, y: 520, s: 0.72, rot: 8 },
        ]
      : items.length === 3
        ? [
            { x: 280, y: 300, s: 0.78, rot: -6 },
            { x: 560, y: 290, s: 0.6, rot: 6 },
            { x: 430, y: 580, s: 0.62, rot: -3 },
          ]
        : [
            { x: 265, y: 275, s: 0.7, rot: -5 },
            { x: 560, y: 250, s: 0.56, rot: 6 },
            { x: 250, y: 575, s: 0.56, rot: 4 },
            { x: 560, y: 575, s: 0.56, rot: -6 },
          ];
  const tray =
    `<ellipse cx="400" cy="420" rx="340" ry="330" fill="#fff" opacity=".45"/>` +
    `<ellipse cx="400" cy="420" rx="340" ry="330" fill="none" stroke="#c9a24a" stroke-opacity=".5" stroke-width="3"/>` +
    `<ellipse cx="400" cy="420" rx="322" ry="312" fill="none" stroke="#c9a24a" stroke-opacity=".25" stroke-width="1.5"/>`;
  let pieces = '';
  items.forEach((it, i) => {
    const slot = at(slots, i);
    pieces += `<g transform="translate(${slot.x} ${slot.y}) rotate(${slot.rot}) scale(${f2(slot.s)})">${pieceView(d, specOf(it, `look${n}`, (items.length === 2 ? 0.7 : 0.5) * detail))}</g>`;
  });
  const body =
    background(d, pal, 800, 800) +
    groundShadow(d, 400, 440, 330, 320, 0.1) +
    tray +
    pieces +
    d.sparkle(700, 110, 14, 0.8) +
    d.sparkle(110, 690, 10, 0.7);
  const names = others.map((o) => o.name).join(', ');
  return d.render(800, 800, `Complete o look: ${p.name} com ${names}`, body);
}

// ───────────────────────────── site images ─────────────────────────────

function byKeyOrThrow(byKey: Map<string, SeedProduct>, key: string): SeedProduct {
  const p = byKey.get(key);
  if (!p) throw new Error(`produto ${key} não existe`);
  return p;
}

function placed(d: Doc, p: SeedProduct, x: number, y: number, scale: number, rot = 0): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)}) scale(${f2(scale)})">${pieceView(d, specOf(p, 'site', scale < 0.4 ? 0.4 : 0.8))}</g>`;
}

function hero(byKey: Map<string, SeedProduct>): string {
  const d = new Doc();
  const r = rng('hero');
  const P = (k: string): SeedProduct => byKeyOrThrow(byKey, k);
  let veins = '';
  for (let i = 0; i < 6; i++) {
    const y = 80 + r() * 740;
    veins += `<path d="M0 ${f(y)}C400 ${f(y - 120 + r() * 240)} 900 ${f(y - 160 + r() * 320)} 1600 ${f(y - 80 + r() * 160)}" stroke="#d8c7b0" stroke-opacity=".35" stroke-width="${f(1 + r() * 2)}" fill="none"/>`;
  }
  const body =
    background(d, 'cream', 1600, 900) +
    veins +
    `<circle cx="1120" cy="430" r="420" fill="${d.ref('gl')}" opacity=".9"/>` +
    `<circle cx="1120" cy="430" r="380" fill="none" stroke="#c9a24a" stroke-opacity=".4" stroke-width="2"/>` +
    `<circle cx="1120" cy="430" r="404" fill="none" stroke="#c9a24a" stroke-opacity=".2" stroke-width="1"/>` +
    `<path d="M120 760H560" stroke="${d.ref('goldline')}" stroke-width="2"/>` +
    groundShadow(d, 1120, 780, 420, 30, 0.1) +
    placed(d, P('colar-gargantilha-perolas-shell'), 1100, 400, 1.25, -4) +
    placed(d, P('anel-solitario-zirconia-cristal'), 1390, 650, 0.7, 10) +
    placed(d, P('brinco-argola-cravejada-dourada'), 820, 640, 0.62, -8) +
    placed(d, P('pulseira-riviera-zirconias-rodio'), 1380, 230, 0.55, 14) +
    d.sparkle(900, 200, 18) +
    d.sparkle(1480, 470, 12, 0.7) +
    d.sparkle(1240, 820, 10, 0.6);
  return d.render(1600, 900, 'Semijoias banhadas a ouro 18k sobre mármore creme', body);
}

function categoryCard(
  byKey: Map<string, SeedProduct>,
  slug: string,
  keys: string[],
  pal: Palette,
  title: string,
): string {
  const d = new Doc();
  const P = (k: string): SeedProduct => byKeyOrThrow(byKey, k);
  const arch = `<path d="M90 750V330A210 210 0 0 1 510 330V750Z" fill="#fff" opacity=".5"/><path d="M110 750V332A190 190 0 0 1 490 332V750" fill="none" stroke="#c9a24a" stroke-opacity=".5" stroke-width="2"/>`;
  const [k0 = '', k1 = '', k2 = ''] = keys;
  const body =
    background(d, pal, 600, 750) +
    arch +
    groundShadow(d, 300, 610, 200, 20, 0.12) +
    placed(d, P(k1), 190, 520, 0.55, -8) +
    placed(d, P(k2), 420, 540, 0.5, 8) +
    placed(d, P(k0), 300, 320, 0.8) +
    d.sparkle(470, 150, 14) +
    d.sparkle(130, 230, 9, 0.7);
  return d.render(600, 750, `${title} — categoria ${slug}`, body);
}

interface Person {
  x: number;
  y: number;
  skin: number;
  hair: string;
  top: string;
  topDark: string;
  seated: boolean;
  flip: boolean;
  long: boolean;
}

/** A stylized woman in the flat-elegant illustration style (no facial features). */
function person(d: Doc, p: Person): string {
  const S = d.ref(`skin-${p.skin}`);
  const [, , dark] = at(SKIN, p.skin);
  const hairBack = p.long
    ? `<path d="M-62 -250Q-80 -330 -30 -366Q20 -390 60 -360Q92 -330 80 -260Q86 -180 70 -130L-70 -130Q-86 -190 -62 -250Z" fill="${p.hair}"/>`
    : `<circle cx="34" cy="-372" r="32" fill="${p.hair}"/>`;
  const head =
    `<path d="M-14 -250L-16 -214Q0 -206 16 -214L14 -250Z" fill="${S}"/>` +
    `<ellipse cx="0" cy="-300" rx="46" ry="56" fill="${S}"/>` +
    `<path d="M-50 -300Q-54 -360 -6 -366Q46 -370 52 -312Q40 -340 8 -344Q-30 -340 -50 -300Z" fill="${p.hair}"/>` +
    `<circle cx="44" cy="-292" r="4" fill="${d.ref('m-gold')}"/><path d="M44 -288v14" stroke="#d4a537" stroke-width="2"/>`;
  const torso =
    `<path d="M-86 -196Q-60 -218 0 -214Q60 -218 86 -196Q104 -120 96 -20L-96 -20Q-104 -120 -86 -196Z" fill="${p.top}"/>` +
    `<path d="M-30 -212Q0 -170 30 -212" fill="none" stroke="${p.topDark}" stroke-width="4"/>` +
    `<path d="M-22 -209Q0 -180 22 -209" fill="none" stroke="#d4a537" stroke-width="2"/>` +
    `<circle cx="0" cy="-186" r="4" fill="#d4a537"/>`;
  const legs = p.seated
    ? `<path d="M-92 -24Q-90 20 -40 24L90 24Q120 30 120 70L120 250L86 250L80 70L-60 60Q-100 50 -100 -20Z" fill="${p.topDark}"/>`
    : `<path d="M-96 -24Q-120 120 -104 300L104 300Q120 120 96 -24Z" fill="${p.topDark}"/><path d="M-40 40Q-48 170 -60 290M40 40Q46 170 52 290" stroke="#000" stroke-opacity=".1" stroke-width="4" fill="none"/>`;
  const arms =
    `<path d="M-86 -190Q-118 -120 -110 -60Q-100 -30 -60 -40L20 -60" fill="none" stroke="${p.top}" stroke-width="34" stroke-linecap="round"/>` +
    `<circle cx="26" cy="-62" r="15" fill="${S}"/>` +
    `<path d="M86 -190Q116 -130 112 -90Q104 -60 70 -70" fill="none" stroke="${p.top}" stroke-width="34" stroke-linecap="round"/>` +
    `<circle cx="62" cy="-72" r="15" fill="${S}"/>` +
    `<path d="M-100 -70Q-60 -50 -40 -52" stroke="${dark}" stroke-opacity=".15" stroke-width="3" fill="none"/>`;
  return `<g transform="translate(${p.x} ${p.y})${p.flip ? ' scale(-1 1)' : ''}">${hairBack}${legs}${torso}${head}${arms}</g>`;
}

function atelier(d: Doc, byKey: Map<string, SeedProduct>, w: number, h: number): string {
  const P = (k: string): SeedProduct => byKeyOrThrow(byKey, k);
  const sx = w / 1200;
  const sy = h / 800;
  const wall = `<rect width="1200" height="800" fill="#f4ece2"/><rect y="560" width="1200" height="240" fill="#e6d6c3"/>`;
  const windowArch =
    `<path d="M470 560V230A130 130 0 0 1 730 230V560Z" fill="#fbf6ee"/><path d="M470 560V230A130 130 0 0 1 730 230V560Z" fill="none" stroke="#c9a24a" stroke-opacity=".6" stroke-width="4"/>` +
    `<path d="M600 100V560M470 330H730" stroke="#c9a24a" stroke-opacity=".45" stroke-width="3"/>` +
    `<path d="M500 560L560 120M640 560L700 180" stroke="#fff" stroke-opacity=".55" stroke-width="30"/>`;
  const shelf = (x: number, y: number): string =>
    `<rect x="${x}" y="${y}" width="260" height="10" rx="2" fill="#c7a27c"/><rect x="${x}" y="${y + 10}" width="260" height="6" fill="#000" opacity=".06"/>`;
  const bust = (x: number, y: number): string =>
    `<path d="M${x - 26} ${y}Q${x - 24} ${y - 40} ${x - 8} ${y - 58}L${x - 8} ${y - 86}Q${x} ${y - 96} ${x + 8} ${y - 86}L${x + 8} ${y - 58}Q${x + 24} ${y - 40} ${x + 26} ${y}Z" fill="#3b3330"/>` +
    `<path d="M${x - 14} ${y - 58}Q${x} ${y - 30} ${x + 14} ${y - 58}" stroke="#f2d47a" stroke-width="2" fill="none"/><circle cx="${x}" cy="${y - 36}" r="3.5" fill="#fff"/>`;
  const lamp = (x: number): string =>
    `<path d="M${x} 0V90" stroke="#8c7a66" stroke-width="2"/><path d="M${x - 40} 130Q${x} 80 ${x + 40} 130Z" fill="${d.ref('m-gold')}"/><ellipse cx="${x}" cy="132" rx="34" ry="6" fill="#fff8dc"/>`;
  const plant =
    `<path d="M1080 560L1070 470H1140L1130 560Z" fill="#d9c2a5"/><path d="M1105 470Q1060 380 1020 360M1105 470Q1110 360 1150 320M1105 470Q1150 400 1180 400M1105 470Q1070 420 1040 430" stroke="#6f8b6a" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="1022" cy="360" rx="26" ry="12" fill="#7e9a78" transform="rotate(-20 1022 360)"/><ellipse cx="1150" cy="322" rx="26" ry="12" fill="#88a481" transform="rotate(-50 1150 322)"/><ellipse cx="1180" cy="400" rx="24" ry="11" fill="#7e9a78"/><ellipse cx="1040" cy="430" rx="22" ry="10" fill="#88a481" transform="rotate(20 1040 430)"/>`;
  const table = `<rect x="150" y="560" width="900" height="24" rx="4" fill="#b98e64"/><rect x="150" y="584" width="900" height="10" fill="#000" opacity=".08"/><rect x="190" y="590" width="18" height="210" fill="#a67c56"/><rect x="990" y="590" width="18" height="210" fill="#a67c56"/>`;
  const trays =
    `<ellipse cx="560" cy="556" rx="90" ry="14" fill="#fff" stroke="#c9a24a" stroke-width="2"/>` +
    [
      [520, '#eaf1fa', '#d4a537'],
      [570, '#e02a4c', '#bfc3c7'],
      [620, '#2fb36b', '#d4a537'],
    ]
      .map(
        ([x, gem, metal]) =>
          `<circle cx="${x}" cy="538" r="14" fill="none" stroke="${metal}" stroke-width="4"/><circle cx="${x}" cy="520" r="6" fill="${gem}" stroke="#fff" stroke-opacity=".7"/>`,
      )
      .join('') +
    `<rect x="680" y="536" width="120" height="22" rx="4" fill="#2f2a28"/>` +
    `<circle cx="720" cy="547" r="6" fill="#f7f1e6"/><circle cx="760" cy="547" r="6" fill="#f7f1e6"/>` +
    `<path d="M880 560L884 512L900 512L904 560Z" fill="#e9e0d5"/><path d="M888 512L872 470M894 512L910 466M896 512L892 460" stroke="#5a4a3a" stroke-width="2"/>`;
  const women =
    person(d, {
      x: 330,
      y: 500,
      skin: 1,
      hair: '#3a271c',
      top: '#c98f7e',
      topDark: '#7d4a45',
      seated: false,
      flip: false,
      long: true,
    }) +
    person(d, {
      x: 870,
      y: 470,
      skin: 2,
      hair: '#1e1613',
      top: '#2f4a3f',
      topDark: '#9c7f66',
      seated: true,
      flip: true,
      long: false,
    });
  const heldNecklace = `<g transform="translate(356 380) scale(0.3)">${pieceView(d, specOf(P('colar-ponto-de-luz-dourado'), 'atelier'))}</g>`;
  return (
    `<g transform="scale(${f2(sx)} ${f2(sy)})">` +
    wall +
    windowArch +
    shelf(110, 250) +
    bust(160, 250) +
    bust(240, 250) +
    bust(320, 250) +
    shelf(840, 220) +
    `<path d="M880 120Q900 190 920 120" stroke="#d4a537" stroke-width="2" fill="none"/><circle cx="900" cy="196" r="12" fill="${d.ref('m-gold')}"/><circle cx="900" cy="196" r="8" fill="#f3eef6"/>` +
    placed(d, P('pulseira-bracelete-rigido-liso'), 1020, 190, 0.2) +
    lamp(380) +
    lamp(820) +
    plant +
    women +
    heldNecklace +
    table +
    trays +
    `</g>`
  );
}

function sobreIrmas(byKey: Map<string, SeedProduct>): string {
  const d = new Doc();
  return d.render(1200, 800, 'As duas irmãs no ateliê de semijoias', atelier(d, byKey, 1200, 800));
}

function videoPoster(byKey: Map<string, SeedProduct>): string {
  const d = new Doc();
  const body =
    `<g transform="translate(0 -40)">${atelier(d, byKey, 1280, 853)}</g>` +
    `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset=".45" stop-color="#2b2018" stop-opacity="0"/><stop offset="1" stop-color="#2b2018" stop-opacity=".75"/></linearGradient>` +
    `<rect width="1280" height="720" fill="url(#fade)"/>` +
    `<text x="80" y="610" font-family="${SERIF}" font-size="64" fill="#fff">Nossa história</text>` +
    `<text x="82" y="660" font-family="${SERIF}" font-style="italic" font-size="30" fill="#f3e3c8">Duas irmãs, um ateliê e muito brilho</text>` +
    `<rect x="82" y="560" width="80" height="2" fill="#d4a537"/>`;
  return d.render(1280, 720, 'Vídeo: a história das duas irmãs sócias', body);
}

function ogImage(byKey: Map<string, SeedProduct>): string {
  const d = new Doc();
  const P = (k: string): SeedProduct => byKeyOrThrow(byKey, k);
  const body =
    background(d, 'cream', 1200, 630) +
    `<circle cx="860" cy="315" r="280" fill="${d.ref('gl')}"/>` +
    `<text x="90" y="280" font-family="${SERIF}" font-size="72" fill="#3d2f24">Semijoias</text>` +
    `<text x="92" y="340" font-family="${SERIF}" font-style="italic" font-size="34" fill="#7a6552">feitas para brilhar todos os dias</text>` +
    `<rect x="92" y="372" width="90" height="2" fill="#c9a24a"/>` +
    placed(d, P('colar-veneziana-gota-esmeralda'), 840, 290, 0.95) +
    placed(d, P('anel-solitario-zirconia-cristal'), 1060, 470, 0.5, 10) +
    placed(d, P('brinco-argola-cravejada-dourada'), 640, 470, 0.42, -8);
  return d.render(1200, 630, 'Semijoias — anéis, brincos, pulseiras e colares', body);
}

// ───────────────────────────── main ─────────────────────────────

function writeAll(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'media');
  const prodDir = join(root, 'produtos');
  const siteDir = join(root, 'site');
  mkdirSync(prodDir, { recursive: true });
  mkdirSync(siteDir, { recursive: true });
  // remove stale product drawings (renamed or removed products)
  for (const file of readdirSync(prodDir)) if (file.endsWith('.svg')) rmSync(join(prodDir, file));

  const byKey = new Map(catalogSeed.map((p) => [p.key, p]));
  let count = 0;
  let largest = { file: '', size: 0 };
  const write = (dir: string, file: string, svg: string): void => {
    writeFileSync(join(dir, file), svg);
    count++;
    const size = Buffer.byteLength(svg);
    if (size > largest.size) largest = { file, size };
  };
  for (const p of catalogSeed) {
    const files = productImageFiles(p);
    write(prodDir, files.image, productShot(p));
    write(prodDir, files.img_pessoa, wornShot(p));
    write(prodDir, files.image_carrossel, carouselBanner(p));
    write(prodDir, files.composicao_img_1, lookShot(p, 1, byKey));
    write(prodDir, files.composicao_img_2, lookShot(p, 2, byKey));
    if (files.composicao_img_3) write(prodDir, files.composicao_img_3, lookShot(p, 3, byKey));
  }
  write(siteDir, 'hero.svg', hero(byKey));
  write(
    siteDir,
    'categoria-aneis.svg',
    categoryCard(
      byKey,
      'aneis',
      ['anel-halo-rubi-rodio', 'anel-solitario-zirconia-cristal', 'anel-chunky-trancado-dourado'],
      'blush',
      'Anéis',
    ),
  );
  write(
    siteDir,
    'categoria-brincos.svg',
    categoryCard(
      byKey,
      'brincos',
      ['brinco-argola-cravejada-dourada', 'brinco-perola-shell-classico', 'brinco-gota-esmeralda'],
      'sand',
      'Brincos',
    ),
  );
  write(
    siteDir,
    'categoria-pulseiras.svg',
    categoryCard(
      byKey,
      'pulseiras',
      ['pulseira-riviera-zirconias-rodio', 'pulseira-perolas-shell', 'pulseira-olho-grego-safira'],
      'sage',
      'Pulseiras',
    ),
  );
  write(
    siteDir,
    'categoria-colares.svg',
    categoryCard(
      byKey,
      'colares',
      ['colar-veneziana-gota-esmeralda', 'colar-ponto-de-luz-dourado', 'colar-coracao-vazado-rose'],
      'cream',
      'Colares',
    ),
  );
  write(siteDir, 'sobre-irmas.svg', sobreIrmas(byKey));
  write(siteDir, 'sobre-video-poster.svg', videoPoster(byKey));
  write(siteDir, 'og.svg', ogImage(byKey));
  console.log(`${count} SVGs escritos em ${root}; maior: ${largest.file} (${largest.size} bytes)`);
}

writeAll();
