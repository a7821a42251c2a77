import { describe, expect, it } from 'vitest';
import { canSaveUserInfo, validateUserInfoEdit } from './userInfo';

describe('validateUserInfoEdit (SPEC §5 user info edit)', () => {
  it.each([
    [{ email: 'ana@exemplo.com', phone: '(11) 98765-4321' }, {}],
    [{ email: 'ana@exemplo.com', phone: '(11) 3000-0000' }, {}],
    [{ email: 'ana@exemplo', phone: '(11) 98765-4321' }, { email: 'Email inválido' }],
    [{ email: 'ana@exemplo.com', phone: '11987654321' }, { phone: 'Telefone inválido' }],
    [
      { email: '', phone: '' },
      { email: 'Email inválido', phone: 'Telefone inválido' },
    ],
  ])('%j -> %j', (form, errors) => {
    expect(validateUserInfoEdit(form)).toEqual(errors);
    expect(canSaveUserInfo(form)).toBe(Object.keys(errors).length === 0);
  });
});
