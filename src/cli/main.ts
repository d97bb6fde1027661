import { Command, CommanderError } from 'commander';
import { registerAccountCommands } from './account-commands.ts';
import { registerCarrierCommands } from './carrier-commands.ts';
import { registerClassifyCommand } from './classify-command.ts';
import { CliContext, CliError, type CliIo, processIo } from './context.ts';
import { registerEventCommands } from './event-commands.ts';
import { registerMcpCommand } from './mcp-command.ts';
import { registerRegisterCommands } from './register-commands.ts';
import { registerUserCommands } from './user-commands.ts';

/**
 * The `wcs` command: one entry point for the server and every operator task. Building it loads only
 * commander and the command definitions in this folder; each command imports what it needs when it runs
 * (test/cli/start-up.test.ts), so `wcs --help` and `wcs classify` never load the server.
 */
export function buildProgram(io: CliIo = processIo): Command {
  const cli = new CliContext(io);
  const program = new Command('wcs')
    .description('Waste Compliance Service')
    // Before any subcommand is added: they inherit where help and usage errors are written.
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .showHelpAfterError()
    .exitOverride();

  program
    .command('serve')
    .description('start the HTTP server (migrates the database first)')
    .action(async () => {
      const [{ startServer }, { loadConfig }] = await Promise.all([
        import('../server.ts'),
        import('../config.ts'),
      ]);
      await startServer(loadConfig(io.env));
    });

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async () => {
      await cli.withServices(async (s) => {
        io.stdout.write(`database up to date (${s.infra.db.location})\n`);
      });
    });

  registerAccountCommands(program, cli);
  registerCarrierCommands(program, cli);
  registerClassifyCommand(program, cli);
  registerEventCommands(program, cli);
  registerMcpCommand(program, cli);
  registerRegisterCommands(program, cli);
  registerUserCommands(program, cli);
  return program;
}

/**
 * Whether an error is a user's mistake (one line, no stack trace). The services' error classes are
 * imported only here, on the way out: a command that threw one has loaded its module already.
 */
async function isMistake(error: unknown): Promise<boolean> {
  if (error instanceof CliError || (error as Error)?.name === 'StartError') return true;
  try {
    const [{ UnknownOrganisationError, UnknownPlanError }, { ConfigError }] = await Promise.all([
      import('../accounts/account-service.ts'),
      import('../config.ts'),
    ]);
    return (
      error instanceof ConfigError ||
      error instanceof UnknownOrganisationError ||
      error instanceof UnknownPlanError
    );
  } catch {
    return false;
  }
}

/** The database busy (SQLite locked past busy_timeout) or not reachable: worth trying again (EX_TEMPFAIL). */
async function isUnreachable(error: unknown): Promise<boolean> {
  try {
    return (await import('../platform/db/database.ts')).isDatabaseUnreachable(error);
  } catch {
    return false;
  }
}

/**
 * Runs `wcs ARGS` (without the leading `node wcs`) and resolves with the exit status; a user's mistake
 * is one line on stderr, never a stack trace.
 */
export async function run(args: string[], io: CliIo = processIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync(args, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (await isMistake(error)) {
      io.stderr.write(`wcs: ${(error as Error).message}\n`);
    } else if (await isUnreachable(error)) {
      io.stderr.write(
        `wcs: the database cannot take this just now (${(error as Error).message}); nothing was changed, try again in a few seconds\n`,
      );
      return 75;
    } else {
      io.stderr.write(`wcs: ${(error as Error).stack ?? String(error)}\n`);
    }
    return 1;
  }
}

if (import.meta.main) process.exitCode = await run(process.argv.slice(2));
