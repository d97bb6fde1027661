import type { BenchScenario } from './scenario.ts';

/**
 * The portal's pages are not the API's hot path, but every signed-in page costs a session lookup, the
 * user and organisation reads and a render; these show what that costs next to a bare route.
 */
export const scenarios: BenchScenario[] = [
  {
    name: 'GET /portal/login (anonymous page)',
    prepare: async () => ({ method: 'GET', path: '/portal/login' }),
  },
  {
    name: 'GET /portal/dashboard (signed in, 3 keys with usage)',
    async prepare(target) {
      const { portal, accounts } = target.app.services;
      const signedUp = await portal.signUp({
        organisationName: 'Bench Skips Ltd',
        email: `bench-${Date.now()}@example.com`,
        password: 'a long enough password',
      });
      if (!signedUp.ok) throw new Error('bench sign-up failed');
      const { user } = signedUp;
      for (const name of ['ERP', 'Website', 'Warehouse'])
        await accounts.createKey(user.organisation_id, 'live', name);
      const { token } = await portal.sessions.start(user);
      // A browser sends back the CSRF cookie its first page set, so a repeat view reuses that secret.
      const first = await target.app.inject({
        method: 'GET',
        url: '/portal/dashboard',
        headers: { cookie: `wcs_session=${token}` },
      });
      const cookie = [`wcs_session=${token}`, ...first.cookies.map((c) => `${c.name}=${c.value}`)].join('; ');
      return { method: 'GET', path: '/portal/dashboard', headers: { cookie } };
    },
  },
];
