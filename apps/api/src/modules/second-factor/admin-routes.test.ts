/**
 * Every /api/admin/ route refuses an owner's session that has not passed the second factor
 * (docs/second-factor.md). The routes come from the app itself (`app.knownRoutes`, every route registered), so
 * a section added later is checked without editing this file, and cannot forget the factor.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  SECOND_FACTOR_REQUIRED,
  SECOND_FACTOR_REQUIRED_CODE,
} from '@semijoias/domain/second-factor';
import { verifiedUser } from '../../../test/accounts.js';
import { loggedInOwner, passwordLogin } from '../../../test/admin.js';
import { useTestApp } from '../../../test/helpers.js';

const OWNER = 'porta.dona@sf.test';
const ctx = useTestApp({ adminEmails: [OWNER] });

/** A path of the route with its parameters filled (the guard answers before they are read). */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? '1' : `parametro-${name}`));
}

describe('the second factor at every /api/admin/ route', () => {
  it('the app lists its back-office routes', () => {
    const urls = ctx.app.knownRoutes.map((r) => r.url);
    expect(urls).toContain('/api/admin/sessao/');
    expect(urls).toContain('/api/admin/donos/:id/segundo-fator/redefinir/');
    expect(urls.filter((u) => u.startsWith('/api/admin/')).length).toBeGreaterThan(25);
  });

  it('an owner whose session did not pass it gets 403 segundo_fator_necessario, at each', async () => {
    // She has an authenticator (set up by the helper) and logs in again with her password only.
    await verifiedUser(ctx.app, ctx.database, { email: OWNER });
    const withFactor = await loggedInOwner(ctx.app, ctx.database, OWNER);
    const { access } = await passwordLogin(ctx.app, OWNER);

    const routes = ctx.app.knownRoutes.filter((r) => r.url.startsWith('/api/admin/'));
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: '{}' }),
      });
      const expected = {
        error: SECOND_FACTOR_REQUIRED,
        message: SECOND_FACTOR_REQUIRED,
        codigo: SECOND_FACTOR_REQUIRED_CODE,
      };
      const ok =
        res.statusCode === 403 &&
        (route.method === 'HEAD' || isDeepStrictEqual(res.json(), expected));
      if (!ok) wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);

    // The same calls pass the door with the factor: sessao answers her.
    const me = await ctx.app.inject({
      url: '/api/admin/sessao/',
      headers: { authorization: `Bearer ${withFactor.token}` },
    });
    expect(me.statusCode).toBe(200);
  });
});
