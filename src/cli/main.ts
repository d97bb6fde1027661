import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.ts';
import { registerAccountCommands } from './account-commands.ts';
import { registerClassifyCommand } from './classify-command.ts';
import { CliError, withServices } from './context.ts';
import { registerRegisterCommands } from './register-commands.ts';

/** The `wcs` command: one entry point for the server and every operator task. */
export function buildProgram(): Command {
  const program = new Command('wcs')
    .description('Waste Compliance Service')
    .showHelpAfterError()
    .exitOverride();

  program
    .command('serve')
    .description('start the HTTP server (migrates the database first)')
    .action(async () => {
      const { startServer } = await import('../server.ts');
      await startServer();
    });

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async () => {
      await withServices(async (s) => {
        process.stdout.write(`database up to date (${s.infra.db.location})\n`);
      });
    });

  registerAccountCommands(program);
  registerClassifyCommand(program);
  registerRegisterCommands(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
    } else if (
      error instanceof CliError ||
      error instanceof ConfigError ||
      (error as Error).name === 'StartError'
    ) {
      process.stderr.write(`wcs: ${(error as Error).message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`wcs: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    }
  }
}

if (import.meta.main) await main(process.argv);
