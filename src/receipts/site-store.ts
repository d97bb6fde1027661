import type { Db } from '../platform/db/database.ts';
import { isIdOf } from '../platform/ids.ts';
import { siteDocument } from './receipt-queries.ts';
import type { ReceiptScope } from './receipt-types.ts';
import type { Site } from './site-types.ts';

/** Receiving sites, one JSON document per site, scoped to an organisation and key mode. */
export class SiteStore {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(scope: ReceiptScope, site: Site): Promise<void> {
    await this.#db.kysely
      .insertInto('receiving_sites')
      .values({
        id: site.id,
        organisation_id: scope.organisationId,
        mode: scope.mode,
        created_at: site.created_at,
        updated_at: site.updated_at,
        archived_at: null,
        document: JSON.stringify(site),
      })
      .execute();
  }

  async get(scope: ReceiptScope, id: string): Promise<Site | undefined> {
    if (!isIdOf('site', id)) return undefined;
    const row = await siteDocument.first(this.#db.kysely, { id, ...scope });
    return row && (JSON.parse(row.document) as Site);
  }

  async list(scope: ReceiptScope, includeArchived: boolean): Promise<Site[]> {
    let query = this.#db.kysely
      .selectFrom('receiving_sites')
      .select('document')
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode);
    if (!includeArchived) query = query.where('archived_at', 'is', null);
    const rows = await query.orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => JSON.parse(r.document) as Site);
  }

  async replace(scope: ReceiptScope, site: Site): Promise<void> {
    await this.#db.kysely
      .updateTable('receiving_sites')
      .set({
        document: JSON.stringify(site),
        updated_at: site.updated_at,
        archived_at: site.archived ? site.updated_at : null,
      })
      .where('id', '=', site.id)
      .where('organisation_id', '=', scope.organisationId)
      .where('mode', '=', scope.mode)
      .execute();
  }
}
