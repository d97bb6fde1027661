import type { Command } from 'commander';
import { type CliContext, CliError } from './context.ts';

/**
 * `wcs classify "DESCRIPTION"`: the local engine's answer, as the API would give it, without a server.
 * It loads the classification service and its engine only: no database, no HTTP server.
 */
export function registerClassifyCommand(program: Command, cli: CliContext): void {
  program
    .command('classify <description>')
    .description('classify a waste description with the local engine (no server, no key)')
    .option('--industry <text>', 'the business or activity that produced the waste')
    .option('--context <text>', 'anything else known about it (contamination, packaging, origin)')
    .option(
      '--assessment <answer>',
      "what an assessment found, answering a mirror entry's question: hazardous, non_hazardous or unknown",
    )
    .option('--max <n>', 'how many codes (1-5)', '3')
    .option('--json', 'print the API response body')
    .action(
      async (
        description: string,
        opts: { industry?: string; context?: string; assessment?: string; max: string; json?: boolean },
      ) => {
        const max = Number(opts.max);
        if (!Number.isInteger(max) || max < 1 || max > 5)
          throw new CliError('--max must be a whole number from 1 to 5');
        if (!description.trim()) throw new CliError('the description must not be blank');
        const assessment = opts.assessment as 'hazardous' | 'non_hazardous' | 'unknown' | undefined;
        if (assessment && !['hazardous', 'non_hazardous', 'unknown'].includes(assessment))
          throw new CliError('--assessment must be hazardous, non_hazardous or unknown');
        const [
          { getCatalogue },
          { createLocalEngine },
          { createClassificationService },
          { MemoryCache },
          { systemClock },
        ] = await Promise.all([
          import('../classification/catalogue.ts'),
          import('../classification/engine/index.ts'),
          import('../classification/service.ts'),
          import('../platform/cache.ts'),
          import('../platform/clock.ts'),
        ]);
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
          { description, source_industry: opts.industry, additional_context: opts.context, assessment },
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
        const open = result.compliance.assessment_needed;
        // The deciding question, with the option that answers each way (--assessment or --context).
        const question = open
          ? `${[
              `question: ${open.question}`,
              ...open.answers.map(
                (a) =>
                  `  ${a.answer}: ${a.ewc_code}${a.is_hazardous ? '*' : ''} (${a.send.assessment ? `--assessment ${a.send.assessment}` : `--context "${a.send.additional_context}"`})`,
              ),
              `until answered: ${open.until_answered.guidance}`,
            ].join('\n')}\n`
          : '';
        cli.io.stdout.write(
          `${lines.join('\n')}\nflags: ${flags}\n${question}${result.compliance.disposal_notes}\n`,
        );
      },
    );
}
