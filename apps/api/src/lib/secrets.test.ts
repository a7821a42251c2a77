/** Sealed texts: they open with the same secret and purpose only, and never when touched. */
import { describe, expect, it } from 'vitest';
import { openSealed, sealText } from './secrets.js';

const SECRET = 'a-server-secret-a-server-secret-0123';

describe('sealText / openSealed', () => {
  it('opens with the secret and purpose it was sealed with; each seal is different', () => {
    const sealed = sealText(SECRET, 'order-link', 'chave-da-cliente');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('chave-da-cliente');
    expect(openSealed(SECRET, 'order-link', sealed)).toBe('chave-da-cliente');
    expect(sealText(SECRET, 'order-link', 'chave-da-cliente')).not.toBe(sealed);
  });

  it('another secret, another purpose, a touched or garbled text: null', () => {
    const sealed = sealText(SECRET, 'order-link', 'chave-da-cliente');
    expect(openSealed(`${SECRET}x`, 'order-link', sealed)).toBeNull();
    expect(openSealed(SECRET, 'other', sealed)).toBeNull();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(openSealed(SECRET, 'order-link', [v, iv, tag, flipped].join('.'))).toBeNull();
    for (const bad of ['', 'v1', 'v2.a.b.c', 'v1.!!.??.##', sealed.slice(0, -3)])
      expect(openSealed(SECRET, 'order-link', bad), bad).toBeNull();
  });
});
