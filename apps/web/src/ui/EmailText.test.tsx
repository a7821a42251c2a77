/** A long e-mail wraps after its '@' and before its dots, never at its label. */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './EmailText';

describe('EmailText', () => {
  it("offers a break after '@' and before each '.', and reads and copies as the address", () => {
    const { container } = render(<EmailText email="maria.aparecida@exemplo.com.br" />);
    const span = container.querySelector('[data-testid="email-text"]')!;
    expect(span.textContent).toBe('maria.aparecida@exemplo.com.br');
    expect(span.innerHTML.replace(/<!--.*?-->/g, '')).toBe(
      'maria<wbr>.aparecida@<wbr>exemplo<wbr>.com<wbr>.br',
    );
    expect(span.className).toContain('[overflow-wrap:anywhere]');
  });

  it('shows a text without @ as it is', () => {
    const { container } = render(<EmailText email="sem-arroba" />);
    expect(container.textContent).toBe('sem-arroba');
  });
});
