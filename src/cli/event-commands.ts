import type { Command } from 'commander';
import type { PruneResult } from '../webhooks/retention.ts';
import type { CliContext } from './context.ts';

/** One line: what was removed, and from before when. */
export function pruneLine(r: PruneResult): string {
  return `removed ${r.events} events, ${r.deliveries} deliveries and ${r.attempts} attempts from before ${r.before}`;
}

export function registerEventCommands(program: Command, cli: CliContext): void {
  const events = program.command('events').description('events and their webhook deliveries');

  events
    .command('prune')
    .description(
      'remove events older than EVENT_RETENTION_DAYS with their deliveries and attempts, now (instances with WEBHOOK_WORKER=on do this every hour)',
    )
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const result = await cli.withServices((s) => s.webhooks.retention.prune());
      cli.print(opts.json, result, pruneLine(result));
    });
}
