import type { Command } from 'commander';
import { getCatalogue } from '../classification/catalogue.ts';
import { createLocalEngine } from '../classification/engine/index.ts';
import { createClassificationService } from '../classification/service.ts';
import { MemoryCache } from '../platform/cache.ts';
import { systemClock } from '../platform/clock.ts';
import { type CliContext, CliError } from './context.ts';

/** `wcs classify "DESCRIPTION"`: the local engine's answer, as the API would give it, without a server. */
export function registerClassifyCommand(program: Command, cli: CliContext): void {
  program
    .command('classify <description>')
    .description('classify a waste description with the local engine (no server, no key)')
    .option('--industry <text>', 'the business or activity that produced the waste')
    .option('--context <text>', 'anything else known about it (contamination, packaging, origin)')
    .option('--max <n>', 'how many codes (1-5)', '3')
    .option('--json', 'print the API response body')
    .action(
      async (
        description: string,
        opts: { industry?: string; context?: string; max: string; json?: boolean },
      ) => {
        const max = Number(opts.max);
        if (!Number.isInteger(max) || max < 1 || max > 5)
          throw new CliError('--max must be a whole number from 1 to 5');
        if (!description.trim()) throw new CliError('the description must not be blank');
        const catalogue = getCatalogue();
        const engine = createLocalEngine({ catalogue });
        const service = createClassificationService({
          cache: new MemoryCache({ maxEntries: 1, clock: systemClock }),
          clock: systemClock,
          catalogue,
          engine,
          testEngine: engine,
        });
        const result = await service.classify(
          { description, source_industry: opts.industry, additional_context: opts.context },
          max,
        );
        if (opts.json) {
          cli.io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
          return;
        }
        const lines = result.classifications.map(
          (c, i) =>
            `${i + 1}. ${c.ewc_code}${c.is_hazardous ? '*' : ' '}  ${Math.round(c.confidence * 100)}%  ${c.description}\n   ${c.reasoning}`,
        );
        const flags = result.compliance.flags.length ? result.compliance.flags.join(', ') : 'none';
        cli.io.stdout.write(`${lines.join('\n')}\nflags: ${flags}\n${result.compliance.disposal_notes}\n`);
      },
    );
}
