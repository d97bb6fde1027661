import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAi, offeredCodes } from './fake-openai.ts';

const EVAL_CLI = join(new URL('../../../', import.meta.url).pathname, 'src/classification/eval-cli.ts');
const run = promisify(execFile);

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await new FakeOpenAi().start();
  fake.defaultReply = {
    kind: 'choose',
    pick: (request) => ({
      classifications: [{ ewc_code: offeredCodes(request)[0], fit: 'likely', reasoning: 'Agrees.' }],
    }),
  };
});
afterAll(() => fake.stop());

/** The run's compile cache (test/global-setup.ts): the command starts sooner, and runs the same. */
const COMPILE_CACHE: Record<string, string> = process.env.NODE_COMPILE_CACHE
  ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }
  : {};

/** The eval command with only the variables it is given (no LLM_* from the developer's shell). */
function evalCli(args: string[], env: Record<string, string>) {
  return run(process.execPath, [EVAL_CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', ...COMPILE_CACHE, ...env },
    maxBuffer: 16 << 20,
  });
}

describe('eval --engine llm', () => {
  it('runs the development set through the model endpoint and reports the usual figures', {
    timeout: 60_000,
  }, async () => {
    const { stdout } = await evalCli(['--engine', 'llm', '--set', 'dev', '--json'], {
      LLM_BASE_URL: fake.url,
      LLM_MODEL: 'eval-model',
      LLM_API_KEY: 'sk-eval',
    });
    const out = JSON.parse(stdout) as {
      engine: string;
      model_version: string;
      reports: Array<{ set: string; count: number; top1: number; outcomes: Record<string, number> }>;
    };
    expect(out.engine).toBe('llm');
    expect(out.model_version).toMatch(/^llm:eval-model\+prompt:classify-waste\.v1@/);
    const [dev] = out.reports;
    expect(dev.set).toBe('dev');
    expect(dev.count).toBeGreaterThanOrEqual(300);
    expect(dev.top1).toBeGreaterThan(0.5);
    expect(dev.outcomes.model).toBe(fake.requests.length);
    expect(fake.requests[0].headers.authorization).toBe('Bearer sk-eval');
  });

  it('says what is missing when the endpoint is not configured', async () => {
    const error = (await evalCli(['--engine', 'llm', '--set', 'dev'], {}).catch((e: unknown) => e)) as {
      code: number;
      stderr: string;
    };
    expect(error.code).toBe(2);
    expect(error.stderr).toContain('LLM_BASE_URL');
    expect(error.stderr).toContain('LLM_MODEL');
  });
});
