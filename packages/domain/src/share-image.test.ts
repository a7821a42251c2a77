import { describe, expect, it } from 'vitest';
import { isShareImageName, shareImageUrl } from './share-image';

describe('shareImageUrl', () => {
  it.each([
    [
      '/media/produtos/anel-aparador-cravejado.svg',
      '/media/compartilhar/produtos/anel-aparador-cravejado.jpg',
    ],
    ['/media/site/og.svg', '/media/compartilhar/site/og.jpg'],
    ['/media/produtos/foto-1.png', '/media/compartilhar/produtos/foto-1.jpg'],
    ['/media/produtos/foto-1.jpg', '/media/compartilhar/produtos/foto-1.jpg'],
    ['/media/produtos/foto-1.webp', '/media/compartilhar/produtos/foto-1.jpg'],
    ['/media/a/b/c.svg', '/media/compartilhar/a/b/c.jpg'],
  ])('%s -> %s', (url, shared) => {
    expect(shareImageUrl(url)).toBe(shared);
  });

  it('keeps the origin of an absolute URL on this store', () => {
    expect(shareImageUrl('https://loja.example/media/produtos/colar-gota.svg')).toBe(
      'https://loja.example/media/compartilhar/produtos/colar-gota.jpg',
    );
    expect(shareImageUrl('http://localhost:3000/media/site/og.svg')).toBe(
      'http://localhost:3000/media/compartilhar/site/og.jpg',
    );
  });

  it.each([
    // A picture on a CDN (IMAGE_BASE_URL) is passed through: the API cannot make it.
    'https://cdn.example.com/loja/produtos/colar-gota.svg',
    'https://cdn.example.com/loja/media-x/produtos/colar-gota.svg',
    // Already shareable: mapping twice changes nothing.
    '/media/compartilhar/produtos/colar-gota.jpg',
    // Not a picture the API makes a JPEG of.
    '/media/site/sobre-video.mp4',
    '/media/produtos/colar-gota.gif',
    '/media/produtos/colar-gota',
    '/media/produtos/colar-gota.svg?v=2',
    '/media/produtos/colar-gota.svg#frente',
    // Names the API refuses.
    '/media/../config.svg',
    '/media/produtos/../../segredo.svg',
    '/media/produtos/Colar-Gota.svg',
    '/media/produtos//colar.svg',
    '/media/produtos/colar gota.svg',
    '/media/produtos/colar.tar.svg',
    `/media/produtos/${'a'.repeat(300)}.svg`,
    // Not under /media/ at all.
    '/assets/logo.svg',
    'produtos/colar-gota.svg',
    'media/produtos/colar-gota.svg',
    '//cdn.example.com/media/produtos/colar-gota.svg',
    'javascript:alert(1)//media/x.svg',
    '',
  ])('leaves %s unchanged', (url) => {
    expect(shareImageUrl(url)).toBe(url);
  });

  it('maps to names the API accepts', () => {
    const shared = shareImageUrl('/media/produtos/anel-ondas-rose.svg');
    const name = shared.slice('/media/compartilhar/'.length, -'.jpg'.length);
    expect(isShareImageName(name)).toBe(true);
  });
});

describe('isShareImageName', () => {
  it.each(['produtos/anel-aparador-cravejado', 'site/og', 'og', 'a/b/c-1'])(
    'accepts %s',
    (name) => {
      expect(isShareImageName(name)).toBe(true);
    },
  );

  it.each([
    '',
    '..',
    '../etc/passwd',
    'produtos/../site/og',
    '/etc/passwd',
    'produtos/',
    '/produtos/x',
    'produtos//x',
    'produtos/x.svg',
    'Produtos/x',
    'produtos/x_y',
    'produtos\\x',
    'produtos/x\u0000',
    'produtos/ção',
    'a'.repeat(201),
  ])('refuses %j', (name) => {
    expect(isShareImageName(name)).toBe(false);
  });
});
