import type { BenchRequest, BenchScenario } from './scenario.ts';

const request = (key: string, description: string): BenchRequest => ({
  method: 'POST',
  path: '/v1/classify-waste',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify({ description, source_industry: 'demolition contractor' }),
});

export const scenarios: BenchScenario[] = [
  {
    name: 'classify-waste cached',
    async prepare(target) {
      return request(
        await target.newKey(),
        'broken bricks, concrete and some plaster from a house strip-out',
      );
    },
  },
  {
    // Every request differs (autocannon replaces [<id>]), so every one misses the cache and runs the engine.
    name: 'classify-waste uncached',
    async prepare(target) {
      return request(await target.newKey(), 'broken bricks, concrete and some plaster, skip [<id>]');
    },
  },
];
