import type { Command } from 'commander';
import { isPlanName, limitsFor, PLAN_NAMES } from '../accounts/plans.ts';
import type { Services } from '../services.ts';
import { type CliContext, CliError } from './context.ts';

function positiveInt(name: string) {
  return (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) throw new CliError(`--${name} must be a positive whole number`);
    return n;
  };
}

/** A new installation's first organisation, made by `wcs key create` when none exists yet. */
const FIRST_ORGANISATION = 'My organisation';

/**
 * Whose key `wcs key create` makes: --org when given; else the only organisation, or a first one (free
 * plan) on a database with none, so the first hour needs one command (`wcs key create --mode test`).
 * With several, guessing could hand one customer's key to another, so it asks for --org.
 */
async function organisationForKey(
  accounts: Services['accounts'],
  org: string | undefined,
): Promise<{ id: string; note?: string }> {
  if (org !== undefined) {
    if (!(await accounts.organisation(org))) throw new CliError(`No organisation with id ${org}`);
    return { id: org };
  }
  const found = await accounts.firstOrganisations(6);
  if (found.length === 1) {
    const [only] = found;
    return { id: only.id, note: `For ${only.id} (${only.name}), the only organisation.` };
  }
  if (found.length === 0) {
    const made = await accounts.createOrganisation(FIRST_ORGANISATION, 'free');
    return {
      id: made.id,
      note: `Created organisation ${made.id} (${made.name}, free plan) for this key. Give --org ${made.id} for its next keys.`,
    };
  }
  const listed = found
    .slice(0, 5)
    .map((o) => `${o.id} (${o.name})`)
    .join(', ');
  throw new CliError(
    `there are several organisations: give --org with one of ${listed}${found.length > 5 ? ', …' : ''}`,
  );
}

export function registerAccountCommands(program: Command, cli: CliContext): void {
  const org = program.command('org').description('organisations');
  org
    .command('create')
    .description('create an organisation and print its id')
    .requiredOption('--name <name>', 'organisation name')
    .option('--plan <plan>', `one of ${PLAN_NAMES.join(', ')}`, 'free')
    .option('--json', 'print JSON')
    .action(async (opts: { name: string; plan: string; json?: boolean }) => {
      if (!isPlanName(opts.plan))
        throw new CliError(`Unknown plan "${opts.plan}": use one of ${PLAN_NAMES.join(', ')}`);
      if (!opts.name.trim()) throw new CliError('--name must not be blank');
      const row = await cli.withServices((s) => s.accounts.createOrganisation(opts.name.trim(), opts.plan));
      cli.print(opts.json, { id: row.id, name: row.name, plan: row.plan }, row.id);
    });

  org
    .command('set-plan <orgId>')
    .description('move an organisation to another plan (--monthly and --per-minute for enterprise only)')
    .requiredOption('--plan <plan>', PLAN_NAMES.join(', '))
    .option('--monthly <n>', 'enterprise: calls per month per key', positiveInt('monthly'))
    .option('--per-minute <n>', 'enterprise: requests per minute per key', positiveInt('per-minute'))
    .option('--json', 'print JSON')
    .action(
      async (orgId: string, opts: { plan: string; monthly?: number; perMinute?: number; json?: boolean }) => {
        if (!isPlanName(opts.plan))
          throw new CliError(`Unknown plan "${opts.plan}": use one of ${PLAN_NAMES.join(', ')}`);
        if (opts.plan !== 'enterprise' && (opts.monthly || opts.perMinute)) {
          throw new CliError(
            '--monthly and --per-minute are set per organisation only on the enterprise plan',
          );
        }
        const { organisation: row } = await cli.withServices((s) =>
          s.accounts.changePlan(orgId, opts.plan, {
            monthly: opts.monthly,
            perMinute: opts.perMinute,
            changedBy: 'cli',
          }),
        );
        const limits = limitsFor(row);
        cli.print(
          opts.json,
          { id: row.id, plan: row.plan, monthly_limit: limits.monthly, per_minute_limit: limits.perMinute },
          `${row.id} is on ${row.plan}: ${limits.monthly} calls a month, ${limits.perMinute} a minute per key`,
        );
      },
    );

  const key = program.command('key').description('API keys');
  key
    .command('create')
    .description('create an API key and print it (it is shown only this once)')
    .option(
      '--org <orgId>',
      'organisation id; without it, the only organisation (one is created when there is none)',
    )
    .requiredOption('--mode <mode>', 'live or test')
    .option('--name <label>', 'a label to recognise the key by')
    .option('--json', 'print JSON')
    .action(async (opts: { org?: string; mode: string; name?: string; json?: boolean }) => {
      if (opts.mode !== 'live' && opts.mode !== 'test') throw new CliError('--mode must be live or test');
      const mode = opts.mode;
      const { created, organisation, note } = await cli.withServices(async (s) => {
        const { id, note } = await organisationForKey(s.accounts, opts.org);
        return { created: await s.accounts.createKey(id, mode, opts.name), organisation: id, note };
      });
      if (note) cli.io.stderr.write(`${note}\n`);
      cli.print(opts.json, { id: created.row.id, key: created.key, mode, organisation }, created.key);
    });

  key
    .command('list')
    .description("list an organisation's keys (never the keys themselves)")
    .requiredOption('--org <orgId>', 'organisation id')
    .option('--json', 'print JSON')
    .action(async (opts: { org: string; json?: boolean }) => {
      const rows = await cli.withServices(async (s) => {
        if (!(await s.accounts.organisation(opts.org)))
          throw new CliError(`No organisation with id ${opts.org}`);
        return s.accounts.keys(opts.org);
      });
      const view = rows.map((r) => ({
        id: r.id,
        mode: r.mode,
        name: r.name,
        display_prefix: r.display_prefix,
        created_at: r.created_at,
        last_used_at: r.last_used_at,
        revoked_at: r.revoked_at,
      }));
      const text = view
        .map(
          (r) =>
            `${r.id}  ${r.mode}  ${r.display_prefix}  ${r.revoked_at ? 'revoked' : 'active'}  ${r.name ?? ''}`,
        )
        .join('\n');
      cli.print(opts.json, view, text || 'no keys');
    });

  key
    .command('revoke <keyId>')
    .description('revoke a key (takes effect on every instance within one second)')
    .option('--json', 'print JSON')
    .action(async (keyId: string, opts: { json?: boolean }) => {
      const row = await cli.withServices((s) => s.accounts.revokeKey(keyId));
      if (!row) throw new CliError(`No key with id ${keyId}`);
      cli.print(
        opts.json,
        { id: row.id, revoked_at: row.revoked_at },
        `${row.id} revoked at ${row.revoked_at}`,
      );
    });
}
