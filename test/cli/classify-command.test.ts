import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/server-process.ts';

describe('wcs classify', () => {
  it('gives the API answer for a description, without a server or key', async () => {
    const out = JSON.parse(await runCli(['classify', 'oily rags from the workshop', '--json'], {}));
    expect(out.classifications[0]).toMatchObject({ ewc_code: '15 02 02', is_hazardous: true });
    expect(out.compliance.requires_consignment_note).toBe(true);
  });

  it('refuses a max outside 1-5 with a clear message', async () => {
    await expect(runCli(['classify', 'pallets', '--max', '9'], {})).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--max must be a whole number from 1 to 5'),
    });
  });
});
