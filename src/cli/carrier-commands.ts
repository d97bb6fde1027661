import type { Command } from 'commander';
import type { PassSummary } from '../monitoring/watch-checker.ts';
import type { CliContext } from './context.ts';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One line: what was checked, what it found, and what could not be. */
export function passLine(s: PassSummary): string {
  const parts = [
    `checked ${plural(s.checked, 'watch', 'watches')}`,
    plural(s.events, 'event'),
    `${s.unavailable} unavailable`,
  ];
  if (s.ended > 0) parts.push(`${s.ended} ended (season ticket over)`);
  if (s.skipped > 0) parts.push(`${s.skipped} skipped (being checked elsewhere)`);
  return parts.join(', ');
}

export function registerCarrierCommands(program: Command, cli: CliContext): void {
  const carriers = program.command('carriers').description('carrier watches');

  carriers
    .command('check-watched')
    .description(
      'check every carrier watch (live and test) against the register now, at WATCH_CHECKS_PER_MINUTE, and record its events (for cron)',
    )
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      // A register outage is not an operator's error: those watches stay due and the summary counts them.
      const summary = await cli.withServices((s) => s.monitoring.checkAll());
      cli.print(opts.json, summary, passLine(summary));
    });
}
