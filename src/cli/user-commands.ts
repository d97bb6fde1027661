import type { Command } from 'commander';
import type { ServiceBase } from '../platform/service-address.ts';
import type { Services } from '../services.ts';
import { type CliContext, CliError } from './context.ts';

export interface ResetPasswordOptions {
  email: string;
  link?: boolean;
  passwordStdin?: boolean;
}

export interface CommandOutput {
  json: Record<string, unknown>;
  text: string;
  /** A note for the operator on stderr, kept out of the output a script reads. */
  note?: string;
}

/**
 * `wcs user reset-password`: the operator's way to let a user back in, either a one-time link to pass
 * on (the user chooses the password) or a new password read from stdin. Both end the user's sessions
 * when the password changes. Kept apart from argument parsing and I/O so tests call it in-process.
 */
export async function resetPassword(
  services: Services,
  options: ResetPasswordOptions,
  readPassword: () => Promise<string>,
): Promise<CommandOutput> {
  if (Boolean(options.link) === Boolean(options.passwordStdin))
    throw new CliError(
      'choose one: --link (print a one-time link) or --password-stdin (read a new password)',
    );
  const [{ normaliseEmail }, { RESET_LINK_TTL_MS }] = await Promise.all([
    import('../portal/forms.ts'),
    import('../portal/password-resets.ts'),
  ]);
  const email = normaliseEmail(options.email);
  if (!email) throw new CliError('--email must not be blank');
  const recovery = services.portal.recovery;

  if (options.link) {
    const issued = await recovery.issueLink(email);
    if (!issued.ok) throw new CliError(`No portal user with email ${email}`);
    return {
      json: { email, link: issued.link, expires_at: issued.expiresAt },
      text: issued.link,
      note: `Give this link to ${email} over a channel you trust. It works once, until ${issued.expiresAt} (${RESET_LINK_TTL_MS / 60_000} minutes).${whereFrom(issued.base)}`,
    };
  }

  const result = await recovery.setPassword(email, await readPassword());
  if (!result.ok && result.reason === 'WEAK') throw new CliError(result.message);
  if (!result.ok) throw new CliError(`No portal user with email ${email}`);
  return {
    json: { email, user_id: result.user.id, password_changed: true },
    text: `Password changed for ${email}. Every browser signed in to the account has been logged out.`,
  };
}

/** What the operator should know about the link's address when it is not PUBLIC_URL. */
function whereFrom(base: ServiceBase): string {
  if (base.source === 'PUBLIC_URL') return '';
  const elsewhere = 'set PUBLIC_URL if users reach the service at another address.';
  if (base.source === 'listening')
    return ` PUBLIC_URL is not set, so it starts with the address the server listens on (${base.url}, since ${base.since}): ${elsewhere}`;
  return ` PUBLIC_URL is not set and no server has started on this database yet, so it starts with HOST and PORT (${base.url}): ${elsewhere}`;
}

/** The first line of standard input, refused when it is the terminal (the password would be shown). */
export async function readPasswordFromStdin(
  stdin: AsyncIterable<Buffer | string> & { isTTY?: boolean } = process.stdin,
): Promise<string> {
  if (stdin.isTTY)
    throw new CliError(
      '--password-stdin reads a pipe, not the terminal: e.g. `read -rs PW && printf %s "$PW" | wcs user reset-password --email … --password-stdin`',
    );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    chunks.push(bytes);
    size += bytes.length;
    if (size > 4096) throw new CliError('the password on stdin is longer than any password we accept');
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
}

export function registerUserCommands(program: Command, cli: CliContext): void {
  const user = program.command('user').description('developer portal users');
  user
    .command('reset-password')
    .description(
      "let a portal user back in: print a one-time link (--link) or set a new password from stdin (--password-stdin); a new password ends the user's sessions",
    )
    .requiredOption('--email <email>', 'the email the user logs in with')
    .option('--link', 'print a one-time link, valid 1 hour, for the user to choose a password')
    .option('--password-stdin', 'read the new password from the first line of standard input')
    .option('--json', 'print JSON')
    .action(async (opts: ResetPasswordOptions & { json?: boolean }) => {
      const out = await cli.withServices((s) =>
        resetPassword(s, opts, () => readPasswordFromStdin(cli.io.stdin ?? process.stdin)),
      );
      if (out.note) cli.io.stderr.write(`${out.note}\n`);
      cli.print(opts.json, out.json, out.text);
    });
}
