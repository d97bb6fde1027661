import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../platform/errors.ts';
import { errorResponse } from '../platform/openapi.ts';
import { scopeOf } from '../platform/scope.ts';
import type { HazardousLoad } from '../receipts/hazardous-loads.ts';
import type { Site } from '../receipts/site-types.ts';
import { buildReturn, parseQuarter, returnCsv } from './consignee-return.ts';
import { ConsigneeReturn, ConsigneeReturnQuery, ConsigneeReturnRef } from './consignee-return-schemas.ts';
import type { ConsignmentNote } from './consignment-schemas.ts';
import type { ConsignmentService } from './consignment-service.ts';
import type { ConsignmentScope } from './consignment-store.ts';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export interface SiteFinder {
  find(scope: ConsignmentScope, id: string): Promise<Site | undefined>;
}

/** The receipts capability's service: the site's hazardous waste receipts between two London dates. */
export interface HazardousReceiptFinder {
  hazardousReceivedAtSite(
    scope: ConsignmentScope,
    siteId: string,
    from: string,
    to: string,
  ): Promise<HazardousLoad[]>;
}

const EXAMPLE = {
  site: {
    id: 'site_5f7Gq2LmN8pR3sT6vW9x',
    name: 'Southern Oil Recovery Ltd',
    address: 'Wharf Road, Southampton',
    postcode: 'SO14 3TJ',
    permit_number: 'EPR/AB1234CD',
  },
  quarter: '2026-Q4',
  period: { from: '2026-10-01', to: '2026-12-31' },
  due_by: '2027-01-31',
  generated_at: '2027-01-05T09:00:00.000Z',
  regulator: 'EA',
  null_return: true,
  consignments: [],
  receipts_to_add: [],
  warnings: [],
  totals: {
    consignments: 0,
    single: 0,
    multiple_collection: 0,
    rejected: 0,
    partially_rejected: 0,
    quantity_received_kg: 0,
    quantity_accepted_kg: 0,
    receipts_to_add: 0,
  },
  fee_estimate: {
    currency: 'GBP',
    basis: 'electronic',
    single_rate: 10,
    multiple_collection_rate: 5,
    amount: 0,
    paper_amount: 0,
    source: 'https://www.gov.uk/dispose-hazardous-waste/consignee-returns',
  },
};

/** GET /v1/consignee-returns: the quarterly return of a receiving site (reg 53 SI 2005/894). */
export function consigneeReturnRoute(
  app: App,
  {
    consignments,
    sites,
    receipts,
  }: { consignments: ConsignmentService; sites: SiteFinder; receipts: HazardousReceiptFinder },
): void {
  app.addSchema(ConsigneeReturn);
  app.get(
    '/consignee-returns',
    {
      config: { check: (request) => void checkQuery(request.query as ConsigneeReturnQuery) },
      schema: {
        operationId: 'getConsigneeReturn',
        tags: ['Consignment notes'],
        summary: "A receiving site's quarterly consignee return",
        description:
          "Every consignment received at the site in the quarter (Part E's date), rejected ones and each collection of a multiple collection included, with `due_by` (30 April, 31 July, 31 October, 31 January), the `regulator` it goes to (EA or NRW) and, for the EA, an estimate of its per-consignment fees. Hazardous loads the site's waste receipts record on notes made elsewhere are in `receipts_to_add`, to be completed by hand (`warnings`). `null_return` says nothing was received, on a note or a receipt. With `format=csv`, the file for one recipient: `recipient=agency` (every consignment) or `recipient=producer&producer=<name or code prefix>` (that producer's only): the Agency and each producer get separate documents.",
        querystring: ConsigneeReturnQuery,
        response: {
          200: {
            description: 'The return (JSON), or its CSV for one recipient.',
            content: {
              'application/json': {
                schema: ConsigneeReturnRef,
                examples: { empty: { summary: 'A null return', value: EXAMPLE } },
              },
              'text/csv': {
                schema: { type: 'string', description: 'RFC 4180 CSV, one row per waste line.' },
              },
            },
          },
          400: errorResponse(
            'The quarter or the recipient is not valid, the producer named sent nothing that quarter, or a code prefix was given that several producers use.',
            [
              {
                summary: 'Bad quarter',
                code: 'INVALID_REQUEST',
                message: 'quarter must be YYYY-Qn, e.g. 2026-Q4.',
              },
            ],
          ),
          404: errorResponse('No such site for this organisation in this mode.', [
            { summary: 'Unknown site', code: 'SITE_NOT_FOUND' },
          ]),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const quarter = checkQuery(query);
      const scope = scopeOf(request);
      const siteId = query.site_id.trim();
      const site = /^[\w-]{1,40}$/.test(siteId) ? await sites.find(scope, siteId) : undefined;
      if (!site) throw new ApiError('SITE_NOT_FOUND');
      const [notes, received] = await Promise.all([
        consignments.receivedAtSite(scope, site.id, quarter.from, quarter.to),
        receipts.hazardousReceivedAtSite(scope, site.id, quarter.from, quarter.to),
      ]);
      const loads = await notOnOtherReturns(consignments, scope, site.id, received, notes);
      const ret = buildReturn({
        site: {
          id: site.id,
          name: site.name,
          address: site.address.full_address,
          postcode: site.address.postcode,
          permit_number: site.authorisation_numbers[0] ?? null,
        },
        quarter,
        notes,
        receipts: loads,
        generatedAt: consignments.now().toISOString(),
        regulator: query.regulator,
      });
      if (query.format !== 'csv') return ret;
      const recipient =
        query.recipient === 'producer'
          ? { kind: 'producer' as const, producer: query.producer ?? '' }
          : { kind: 'agency' as const };
      const csv = returnCsv(ret, recipient);
      if (csv === null) {
        // A receipt names no producer: say so rather than that nothing came from this one.
        const unnamed = ret.receipts_to_add.length;
        throw new ApiError(
          'INVALID_REQUEST',
          unnamed === 0
            ? `No consignment of ${query.producer} was received at ${site.name} in ${quarter.quarter}: that producer has no return from this site for the quarter.`
            : `No consignment note of ${query.producer} was received at ${site.name} in ${quarter.quarter}. ${unnamed} hazardous waste receipt${unnamed === 1 ? '' : 's'} of the quarter name no producer (receipts_to_add in the JSON): if one is this producer's, make its return by hand.`,
          [
            {
              field: 'producer',
              issue: 'matches no consignment of the quarter (give the Part A2 name or the code prefix)',
            },
          ],
        );
      }
      const who = recipient.kind === 'agency' ? 'agency' : 'producer';
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="consignee-return-${quarter.quarter}-${who}.csv"`,
        )
        .send(csv);
    },
  );
}

function checkQuery(query: ConsigneeReturnQuery) {
  const quarter = parseQuarter(query.quarter);
  if (!quarter) {
    throw new ApiError(
      'INVALID_REQUEST',
      'quarter must be YYYY-Qn with a year from 2000 to 2100, e.g. 2026-Q4.',
      [{ field: 'quarter', issue: 'is not a quarter' }],
    );
  }
  if (query.recipient === 'producer' && !query.producer?.trim()) {
    throw new ApiError(
      'INVALID_REQUEST',
      "producer is required with recipient=producer: the producer's name or code prefix.",
      [{ field: 'producer', issue: 'is required with recipient=producer' }],
    );
  }
  if (query.recipient && query.format !== 'csv') {
    throw new ApiError('INVALID_REQUEST', 'recipient chooses whose CSV file: use it with format=csv.', [
      { field: 'recipient', issue: 'is used with format=csv' },
    ]);
  }
  return quarter;
}

/**
 * The receipts whose consignment is not on another quarter's return: one whose note of yours (by the id
 * it was filled from, or by its consignment code, as a corrected or hand-made receipt carries only the
 * code) had its Part E signed at this site is reported in the quarter of its Part E; a receipt dated
 * just after midnight on a quarter's first day would otherwise report the same consignment twice.
 */
async function notOnOtherReturns(
  consignments: ConsignmentService,
  scope: ConsignmentScope,
  siteId: string,
  loads: HazardousLoad[],
  onThisReturn: ConsignmentNote[],
): Promise<HazardousLoad[]> {
  const here = new Set(onThisReturn.map((n) => n.id));
  const codesHere = new Set(onThisReturn.map((n) => n.consignment_code.toUpperCase()));
  const receivedHere = (note: ConsignmentNote | undefined) =>
    note !== undefined && !here.has(note.id) && note.parts.E !== null && note.consignee.site_id === siteId;
  // Each note id and code is looked up once, however many receipts carry it.
  const looked = new Map<string, Promise<boolean>>();
  const once = (key: string, look: () => Promise<boolean>) => {
    if (!looked.has(key)) looked.set(key, look());
    return looked.get(key)!;
  };
  const elsewhere = async (load: HazardousLoad): Promise<boolean> => {
    const id = load.consignment_note_id;
    if (
      id !== null &&
      !here.has(id) &&
      (await once(`id ${id}`, async () => receivedHere(await consignments.find(scope, id))))
    ) {
      return true;
    }
    // A code on this return's notes (the return matches it itself), or one no note can have (notes'
    // codes are at most 20 characters), needs no look.
    const code = load.consignment_code?.trim().toUpperCase();
    if (!code || codesHere.has(code) || !/^[\w/-]{1,20}$/.test(code)) return false;
    return once(`code ${code}`, async () => {
      const { data } = await consignments.list(scope, { consignment_code: code, limit: 20 });
      return data.some(receivedHere);
    });
  };
  const kept: HazardousLoad[] = [];
  for (const load of loads) if (!(await elsewhere(load))) kept.push(load);
  return kept;
}
