/**
 * The owners' guides in 'Ajuda': every guide of the list is bundled and renders with its owners'
 * part first; the HTML is safe (raw HTML escaped, no script link, no image), a link to another
 * guide stays in the back office, one to a developers' page becomes text.
 */
import { describe, expect, it } from 'vitest';
import { GUIDES, guideHref, loadGuide } from './guides';
import {
  anchorOf,
  guideLinkTarget,
  renderGuide,
  renderGuideSection,
  sectionOf,
} from './render-guide';

const SAMPLE = `# Backups na administração (issue 20)

## Para as donas

Veja o [guia de colocar no ar](../deploy.md#9-backups-cópias-de-segurança), os
[limites](purchase-limits.md) e o [contrato](../variations-contract.md).
Um <script>alert(1)</script> e <img src=x onerror=alert(1)> ficam como texto.
![foto](https://exemplo.com/x.png) [mau](javascript:alert(1)) [site](https://pagbank.com.br).

### Restaurar

Passos.

## Para quem mexe no código

### \`GET /api/admin/backups/\`

Detalhes.
`;

describe("a guide's markdown as HTML", () => {
  it('puts the owners part first and the developers part apart', () => {
    const guide = renderGuide('admin/backups.md', SAMPLE);
    expect(guide.title).toBe('Backups na administração (issue 20)');
    expect(guide.html).not.toContain('Para as donas');
    expect(guide.html).toContain('<h3 id="restaurar">Restaurar</h3>');
    expect(guide.html).not.toContain('Detalhes');
    expect(guide.technicalHtml).toContain('Detalhes.');
    expect(guide.technicalHtml).toContain('id="get-apiadminbackups"');
  });

  it('escapes raw HTML, drops images and unsafe links', () => {
    const { html } = renderGuide('admin/backups.md', SAMPLE);
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('foto mau <a');
    expect(html).toContain(
      '<a href="https://pagbank.com.br" target="_blank" rel="noopener noreferrer">site</a>',
    );
  });

  it('keeps links to other guides in the back office, at their section; others become text', () => {
    const { html } = renderGuide('admin/backups.md', SAMPLE);
    expect(html).toContain(
      `<a href="${guideHref('colocar-no-ar', '9-backups-copias-de-seguranca')}">guia de colocar no ar</a>`,
    );
    expect(html).toContain(`<a href="${guideHref('limites-de-compra')}">limites</a>`);
    expect(html).toContain(' o contrato.');
    // A bare file name reads as the guide's title.
    expect(renderGuide('admin/backups.md', 'o guia [../deploy.md](../deploy.md)').html).toContain(
      `<a href="${guideHref('colocar-no-ar')}">Como colocar a loja no ar</a>`,
    );
    expect(guideLinkTarget('admin/health.md', '#os-itens')).toBe('#os-itens');
    expect(
      guideLinkTarget('deploy.md', 'admin/README.md#o-segundo-fator-o-código-do-celular'),
    ).toBe(guideHref('administracao', 'o-segundo-fator-o-codigo-do-celular'));
  });

  it('lets a keyboard reach a table or a command that scrolls sideways', () => {
    const { html } = renderGuide(
      'deploy.md',
      '| a | b |\n| - | - |\n| 1 | 2 |\n\n```\nnpm start\n```\n',
    );
    expect(html).toContain(
      '<div class="guide-table" tabindex="0" role="region" aria-label="Tabela">',
    );
    expect(html).toContain('<pre tabindex="0"><code>npm start');
  });

  it('names sections by anchors without accents, and reads one section alone', () => {
    expect(anchorOf('9. Backups (cópias de segurança)')).toBe('9-backups-copias-de-seguranca');
    expect(sectionOf(SAMPLE, 'restaurar')?.trim()).toBe('Passos.');
    expect(sectionOf(SAMPLE, 'nada')).toBeNull();
    expect(renderGuideSection('admin/backups.md', SAMPLE, 'restaurar')).toBe('<p>Passos.</p>\n');
  });
});

describe('the guides of Ajuda', () => {
  it.each(GUIDES.map((g) => [g.slug, g] as const))(
    '%s is bundled and renders',
    async (_, guide) => {
      const markdown = await loadGuide(guide);
      const rendered = renderGuide(guide.file, markdown);
      expect(rendered.title.length).toBeGreaterThan(0);
      expect(rendered.html.length).toBeGreaterThan(200);
    },
  );

  it('has the second factor section the setup links to', async () => {
    const markdown = await loadGuide(GUIDES.find((g) => g.slug === 'administracao')!);
    expect(sectionOf(markdown, 'o-segundo-fator-o-codigo-do-celular')).toContain('recuperação');
  });
});
