import { describe, expect, it } from 'vitest';
import { DESTINATION_MAX_LENGTH, safeDestination, withDestination } from './destination';

describe('safeDestination', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/colares?pagina=2', '/colares?pagina=2'],
    ['/produto/12?variacao=3#fotos', '/produto/12?variacao=3#fotos'],
    ['/favoritos/', '/favoritos/'],
    // Read as a browser would: dots resolved, never above the root.
    ['/a/../checkout', '/checkout'],
    ['/../../checkout', '/checkout'],
  ])('keeps the store path %j as %j', (value, out) => {
    expect(safeDestination(value)).toBe(out);
  });

  it.each([
    ['another site', 'https://outro.site/checkout'],
    ['a scheme-relative URL', '//outro.site/checkout'],
    ['a backslash trick', '/\\outro.site'],
    ['a tab trick', '/\t/outro.site'],
    ['a newline', '/checkout\n'],
    ['a space', '/check out'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', 'checkout'],
    ['the home page', '/'],
    ['the home page with a query', '/?login=true'],
    ['empty', ''],
    ['the verification page (a loop)', '/verificar-email?token=x'],
    ['the sign-up page', '/cadastro'],
    ['a reset link', '/redefinir-senha/abc'],
    ['the API', '/api/infos/'],
    ['too long', `/${'a'.repeat(DESTINATION_MAX_LENGTH)}`],
    ['a number', 42],
    ['null', null],
  ])('refuses %s', (_label, value) => {
    expect(safeDestination(value)).toBeNull();
  });
});

describe('withDestination', () => {
  it('adds a safe destination, encoded', () => {
    expect(withDestination('/cadastro', '/checkout')).toBe('/cadastro?destino=%2Fcheckout');
    expect(withDestination('/?login=true', '/colares?pagina=2')).toBe(
      '/?login=true&destino=%2Fcolares%3Fpagina%3D2',
    );
  });

  it('leaves the path alone for anything else', () => {
    expect(withDestination('/cadastro', 'https://outro.site')).toBe('/cadastro');
    expect(withDestination('/cadastro', undefined)).toBe('/cadastro');
  });
});
