import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('turns the five markup characters into entities and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>Anéis & Brincos</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Anéis &amp; Brincos&lt;/a&gt;',
    );
  });

  it('escapes an ampersand once, not an entity twice over', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
    expect(escapeHtml('R$ 129,90 – 10% OFF')).toBe('R$ 129,90 – 10% OFF');
  });
});
