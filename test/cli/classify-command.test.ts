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

  it('prints the deciding question with the option that answers it, and the answer settles the code', async () => {
    const description = 'soil and stones dug out for an extension';
    const out = await runCli(['classify', description], {});
    expect(out).toContain('question: Does this waste contain hazardous substances');
    expect(out).toContain('17 05 04 (--assessment non_hazardous)');
    const answered = JSON.parse(
      await runCli(['classify', description, '--assessment', 'non_hazardous', '--json'], {}),
    );
    expect(answered.classifications[0].ewc_code).toBe('17 05 04');
    expect(answered.compliance.assessment_needed).toBeNull();
    await expect(runCli(['classify', description, '--assessment', 'clean'], {})).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--assessment must be hazardous, non_hazardous or unknown'),
    });
  });
});
