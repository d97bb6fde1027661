import { type Kysely, sql } from 'kysely';

/**
 * Every plan change, whoever made it (a portal user, the operator's CLI), in one audit table owned by
 * accounts; the portal's own history moves here (frozen: imports no application code).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisation_plan_changes')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('from_plan', 'varchar(20)', (c) => c.notNull())
    .addColumn('to_plan', 'varchar(20)', (c) => c.notNull())
    .addColumn('monthly_limit', 'integer')
    .addColumn('per_minute_limit', 'integer')
    .addColumn('changed_by', 'varchar(80)', (c) => c.notNull())
    .addColumn('changed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('organisation_plan_changes_by_organisation')
    .on('organisation_plan_changes')
    .columns(['organisation_id', 'changed_at'])
    .execute();
  await sql`insert into organisation_plan_changes
      (id, organisation_id, from_plan, to_plan, monthly_limit, per_minute_limit, changed_by, changed_at)
    select id, organisation_id, from_plan, to_plan, null, null, 'portal user ' || user_id, changed_at
    from portal_plan_changes`.execute(db);
  await db.schema.dropTable('portal_plan_changes').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_plan_changes')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organisation_id', 'varchar(40)', (c) => c.notNull().references('organisations.id'))
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('from_plan', 'varchar(20)', (c) => c.notNull())
    .addColumn('to_plan', 'varchar(20)', (c) => c.notNull())
    .addColumn('changed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portal_plan_changes_by_organisation')
    .on('portal_plan_changes')
    .columns(['organisation_id', 'changed_at'])
    .execute();
  await sql`insert into portal_plan_changes (id, organisation_id, user_id, from_plan, to_plan, changed_at)
    select id, organisation_id, substr(changed_by, 13), from_plan, to_plan, changed_at
    from organisation_plan_changes where changed_by like 'portal user %'`.execute(db);
  await db.schema.dropTable('organisation_plan_changes').execute();
}
