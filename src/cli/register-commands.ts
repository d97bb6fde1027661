import { Writable } from 'node:stream';
import type { Command } from 'commander';
import type { ImportProgress } from '../carriers/register-import.ts';
import { type CliContext, CliError, type CliIo } from './context.ts';

interface ImportOptions {
  published?: string;
  force?: boolean;
  batchSize?: number;
  json?: boolean;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new CliError('--batch-size must be a positive whole number');
  return n;
}

/** A progress bar on a terminal; nothing on a pipe or in a log. */
async function progressReporter(io: CliIo): Promise<{ update(p: ImportProgress): void; stop(): void }> {
  if (!io.stderr.isTTY || !(io.stderr instanceof Writable)) return { update() {}, stop() {} };
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      format: 'importing |{bar}| {percentage}% | {rows} registrations | ETA {eta_formatted}',
      stream: io.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(p) {
      if (!started) bar.start(p.totalBytes, 0, { rows: 0 });
      started = true;
      bar.update(Math.min(p.bytesRead, p.totalBytes), { rows: p.rowsImported.toLocaleString('en-GB') });
    },
    stop: () => started && bar.stop(),
  };
}

export function registerRegisterCommands(program: Command, cli: CliContext): void {
  const register = program.command('register').description('the EA register mirror');

  register
    .command('import <file>')
    .description(
      "load the EA's bulk export of waste carriers (the CSV, or the ZIP holding it) into the mirror",
    )
    .option('--published <date>', "when the EA published the export, YYYY-MM-DD (default: the file's date)")
    .option('--force', 'import even if the export is older than the mirror or less than half its size')
    .option('--batch-size <n>', 'rows per transaction', positiveInt, 5000)
    .option('--json', 'print JSON')
    .action(async (file: string, opts: ImportOptions) => {
      const [{ ImportError }, { isIsoDate }] = await Promise.all([
        import('../carriers/register-import.ts'),
        import('../carriers/register-record.ts'),
      ]);
      if (opts.published !== undefined && !isIsoDate(opts.published)) {
        throw new CliError(`--published must be a date written YYYY-MM-DD (got "${opts.published}")`);
      }
      const progress = await progressReporter(cli.io);
      const started = performance.now();
      const summary = await cli.withServices(async (s) => {
        try {
          return await s.carriers.importExport(file, {
            publishedOn: opts.published,
            force: opts.force,
            batchSize: opts.batchSize,
            onProgress: progress.update,
          });
        } catch (error) {
          if (error instanceof ImportError) throw new CliError(error.message);
          throw error;
        } finally {
          progress.stop();
        }
      });
      const seconds = (performance.now() - started) / 1000;
      const perSecond = Math.round(summary.rowsImported / seconds);
      const text = [
        `imported ${summary.rowsImported} registrations published ${summary.publishedOn} in ${seconds.toFixed(1)} s (${perSecond} rows/s)`,
        ...(summary.rowsRejected > 0
          ? [`rejected ${summary.rowsRejected} rows:`, ...summary.rejections.map((r) => `  ${r}`)]
          : []),
      ].join('\n');
      cli.io.stdout.write(`${opts.json ? JSON.stringify({ ...summary, seconds }) : text}\n`);
    });

  register
    .command('status')
    .description('show which export the mirror holds')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const current = await cli.withServices((s) => s.carriers.register.currentImport());
      if (!current) {
        cli.io.stdout.write(opts.json ? 'null\n' : 'the mirror is empty: run wcs register import FILE\n');
        return;
      }
      const text = `export published ${current.published_on}, imported ${current.completed_at} from ${current.file_name}: ${current.rows_imported} registrations`;
      cli.io.stdout.write(`${opts.json ? JSON.stringify(current) : text}\n`);
    });
}
