import type { BenchScenario } from './scenario.ts';

export const scenarios: BenchScenario[] = [
  {
    name: 'GET /v1/account (auth)',
    async prepare(target) {
      const key = await target.newKey({ plan: 'enterprise' });
      return { method: 'GET', path: '/v1/account', headers: { authorization: `Bearer ${key}` } };
    },
  },
  {
    name: '401 error path',
    async prepare() {
      return { method: 'GET', path: '/v1/account', headers: { authorization: 'Bearer wcs_live_nope' } };
    },
  },
];

export const probe: BenchScenario[] = [
  { name: 'GET /health (app overhead)', prepare: async () => ({ method: 'GET', path: '/health' }) },
];
scenarios.push(...(process.env.BENCH_PROBE ? probe : []));
