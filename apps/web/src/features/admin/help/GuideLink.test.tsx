/**
 * The pages' way to the guides: a link to a guide's section in 'Ajuda', and — on the second
 * factor's setup, before 'Ajuda' can open — the guide's section folded in place, read when opened.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '@test/providers';
import { GuideLink, GuideSection } from './GuideLink';
import { SECOND_FACTOR_GUIDE_ANCHOR } from './guides';

function show(node: React.ReactNode) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('links to the guides', () => {
  it("names the guide and goes to its section in 'Ajuda'", () => {
    show(<GuideLink slug="backups" />);
    const link = screen.getByRole('link', { name: 'Guia: Backups' });
    expect(link.getAttribute('href')).toBe('/admin/ajuda/backups');
    show(
      <GuideLink slug="administracao" anchor={SECOND_FACTOR_GUIDE_ANCHOR}>
        Guia: o código do celular
      </GuideLink>,
    );
    expect(
      screen.getByRole('link', { name: 'Guia: o código do celular' }).getAttribute('href'),
    ).toBe('/admin/ajuda/administracao#o-segundo-fator-o-codigo-do-celular');
  });

  it("folds the second factor's section in place and reads it when opened", async () => {
    const { container } = show(
      <GuideSection
        slug="administracao"
        anchor={SECOND_FACTOR_GUIDE_ANCHOR}
        summary="Como funciona o código do celular"
      />,
    );
    expect(screen.queryByTestId('guide-section')).toBeNull();
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const section = await screen.findByTestId('guide-section');
    expect(section.textContent).toContain('códigos de recuperação');
    expect(section.textContent).not.toContain('Para quem mexe no código');
  });
});
