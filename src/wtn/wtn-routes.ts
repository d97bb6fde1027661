import accepts from '@fastify/accepts';
import { type FastifyPluginAsyncTypebox, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientGone } from '../platform/client-gone.ts';
import { ApiError, type ErrorDetail } from '../platform/errors.ts';
import { sendHeadersOnly } from '../platform/head-reply.ts';
import { sendReplay } from '../platform/idempotency.ts';
import { withExamples } from '../platform/openapi.ts';
import type { EwcLookup } from './dependencies.ts';
import { sendNotesCsv } from './note-csv.ts';
import type { NoteFilters, NoteScope } from './note-store.ts';
import { parseReference } from './reference.ts';
import { generateWtnValidator, signValidator } from './request-validation.ts';
import {
  CSV_EXAMPLE,
  CSV_NOT_PAGED,
  EDIT_ERRORS,
  GENERATE_ERRORS,
  GENERATE_REQUEST_EXAMPLES,
  LIST_ERRORS,
  LIST_EXAMPLES,
  NOTE_EXAMPLES,
  NOTE_NOT_FOUND,
  SIGN_ERRORS,
  SIGN_EXAMPLES,
  SIGNATURE_ERRORS,
  SIGNED_NOTE_EXAMPLES,
  SIGNING_LINK_EXAMPLES,
  SIGNING_LINK_RESPONSE_EXAMPLES,
  TRANSFER_ERRORS,
  TRANSFER_EXAMPLES,
  TRANSFER_RESPONSE_EXAMPLES,
} from './wtn-examples.ts';
import {
  GenerateWtnBody,
  ListWtnQuery,
  NoteRef,
  ReferenceParams,
  SignBody,
  SigningLink,
  SigningLinkBody,
  TransferBody,
  TransferSchema,
  WasteTransferNote,
  WtnList,
} from './wtn-schemas.ts';
import { noteNotFound, type WtnService } from './wtn-service.ts';

const TAGS = ['Waste transfer notes'];
const DEFAULT_LIMIT = 20;

const scopeOf = (request: FastifyRequest): NoteScope => ({
  organisationId: request.auth.organisationId,
  mode: request.auth.mode,
});

/**
 * Notes are sent as their stored JSON documents, byte for byte what was first returned: a note is built
 * field by field from the WasteTransferNote schema (test/wtn/stored-document.test.ts holds it to the
 * schema), so the serialiser would only re-create the same text. The response schemas document it.
 */
function sendDocument(reply: FastifyReply, status: number, json: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(json);
}

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** POST /v1/generate-wtn, GET /v1/wtn, GET /v1/wtn/{reference}, GET /v1/wtn/{reference}/pdf. */
export const wtnRoutes: FastifyPluginAsyncTypebox<{ wtn: WtnService; publicUrl?: string }> = async (
  app,
  { wtn, publicUrl },
) => {
  app.addSchema(WasteTransferNote);
  await app.register(accepts);
  // A scope that adds a schema gets Fastify's default (Ajv) validator back unless it sets its own; Ajv
  // would silently drop unknown query parameters instead of refusing them.
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  generateRoute(app, wtn);
  listRoute(app, wtn);
  readRoutes(app, wtn);
  signingRoutes(app, wtn, publicUrl);
  transferRoute(app, wtn);
  refuseEdits(app, wtn);
};

type ReadRequest = FastifyRequest<{ Params: { reference: string } }>;

const notFound = (request: ReadRequest) => noteNotFound(request.params.reference, request.auth.mode);

/** The canonical reference in the path; a malformed one is "not found" without a database read. */
function referenceOf(request: ReadRequest): string {
  const reference = parseReference(request.params.reference);
  if (!reference) throw notFound(request);
  return reference;
}

function generateRoute(app: App, wtn: WtnService): void {
  app.post(
    '/generate-wtn',
    {
      validatorCompiler: generateWtnValidator(wtn.catalogue),
      config: {
        location: {
          of: (note) => `/v1/wtn/${note.reference}`,
          description: 'Where the note is read: `/v1/wtn/{reference}`.',
        },
        idempotency: {
          find: async (request, key) => {
            const earlier = await wtn.findIdempotent(scopeOf(request), key);
            return earlier && { requestHash: earlier.requestHash, status: 201, body: earlier.document };
          },
        },
      },
      schema: {
        operationId: 'generateWtn',
        tags: TAGS,
        summary: 'Generate a waste transfer note',
        description:
          'Checks the carrier against the public register and classifies the waste in parallel, then records a transfer note with its duty-of-care checks, flags and warnings. Send an `Idempotency-Key` to make retries safe: the same key and body within 24 hours returns the first note.',
        body: withExamples(GenerateWtnBody, GENERATE_REQUEST_EXAMPLES),
        response: {
          201: {
            ...withExamples(NoteRef, NOTE_EXAMPLES),
            description: 'The note, as stored. A replay of an Idempotency-Key returns the first note again.',
            headers: {
              'Idempotent-Replayed': {
                type: 'string',
                enum: ['true'],
                description:
                  'Present when this is the first note again, answered for a repeated Idempotency-Key.',
              },
            },
          },
          ...GENERATE_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { document, replayed, reference } = await wtn.generate(
        request.body,
        scopeOf(request),
        request.idempotency ?? undefined,
        clientGone(reply),
      );
      if (replayed) return sendReplay(request, reply, 201, document);
      return sendDocument(reply.header('Location', `/v1/wtn/${reference}`), 201, document);
    },
  );
}

function listRoute(app: App, wtn: WtnService): void {
  app.get(
    '/wtn',
    {
      // A query refused here is refused before its call is counted, as a schema error is.
      config: {
        check: (request) => void listQuery(request as ListRequest, wtn.catalogue),
        // A HEAD of the export reads no note; one of a page reads the page.
        headOnly: (request) => wantsCsv(request as ListRequest),
      },
      schema: {
        operationId: 'listWtns',
        tags: TAGS,
        summary: 'List transfer notes',
        description:
          "This organisation's notes for the key's mode, newest first. Pass the last reference of a page as `starting_after` for the next. With `format=csv` or `Accept: text/csv`, every note that matches the filters as one CSV file, streamed (see the transfer notes guide for its columns); an export counts as one call.",
        querystring: ListWtnQuery,
        response: {
          200: {
            description:
              'A page of notes (JSON), or every matching note as CSV: UTF-8 with a byte order mark, a header row, CRLF line ends, one row per note.',
            headers: {
              'Content-Disposition': {
                type: 'string',
                description:
                  'CSV only: an attachment named after the date range, e.g. `attachment; filename="transfer-notes-2026-11-01-2026-11-30.csv"`.',
              },
            },
            content: {
              'application/json': { schema: WtnList, examples: LIST_EXAMPLES },
              'text/csv': {
                schema: { type: 'string', description: 'RFC 4180 CSV, one row per note.' },
                examples: { twoNotes: { summary: 'Two notes, the first signed', value: CSV_EXAMPLE } },
              },
            },
          },
          ...LIST_ERRORS,
        },
      },
    },
    async (request, reply) => {
      reply.header('Vary', 'Accept');
      const { csv, filters } = listQuery(request, wtn.catalogue);
      const scope = scopeOf(request);
      if (csv) {
        const q = request.query;
        return sendNotesCsv(reply, wtn.exportNotes(scope, filters), {
          mode: scope.mode,
          from: q.transfer_date_from,
          to: q.transfer_date_to,
        });
      }
      const page = await wtn.list(scope, {
        ...filters,
        limit: request.query.limit ?? DEFAULT_LIMIT,
        startingAfter: request.query.starting_after,
      });
      const next = JSON.stringify(page.next_starting_after);
      return sendDocument(
        reply,
        200,
        `{"data":[${page.documents.join(',')}],"has_more":${page.has_more},"next_starting_after":${next}}`,
      );
    },
  );
}

type ListRequest = FastifyRequest<{ Querystring: ListWtnQuery }>;

/** `format` decides when given; otherwise the Accept header, JSON winning ties and anything unknown. */
function wantsCsv(request: ListRequest): boolean {
  if (request.query.format) return request.query.format === 'csv';
  return request.accepts().type(['application/json', 'text/csv']) === 'text/csv';
}

/**
 * Whether the answer is CSV, and the filters as the store takes them; a 400 naming every parameter the
 * schema cannot check: the date range's order, the code's form, the form of `starting_after`, and paging
 * asked of a CSV export.
 */
function listQuery(
  request: ListRequest,
  catalogue: EwcLookup,
): { csv: boolean; filters: Omit<NoteFilters, 'after'> } {
  const q = request.query;
  const csv = wantsCsv(request);
  const details: ErrorDetail[] = [];
  if (csv && q.limit !== undefined) details.push({ field: 'limit', issue: CSV_NOT_PAGED });
  if (csv && q.starting_after !== undefined) details.push({ field: 'starting_after', issue: CSV_NOT_PAGED });
  else if (q.starting_after !== undefined && parseReference(q.starting_after) === undefined) {
    details.push({ field: 'starting_after', issue: 'must be a note reference, e.g. WTN-2026-1123-D0JA' });
  }
  return { csv, filters: listFilters(q, catalogue, details) };
}

/** The list parameters the schema cannot check: the date range's order and the code's form. */
function listFilters(
  q: ListWtnQuery,
  catalogue: EwcLookup,
  details: ErrorDetail[] = [],
): Omit<NoteFilters, 'after'> {
  if (q.transfer_date_from && q.transfer_date_to && q.transfer_date_from > q.transfer_date_to) {
    details.push({ field: 'transfer_date_from', issue: 'must be on or before transfer_date_to' });
  }
  const ewcCode = q.ewc_code === undefined ? undefined : catalogue.normalise(q.ewc_code);
  if (ewcCode === null) details.push({ field: 'ewc_code', issue: 'must be a six-digit code, e.g. 17 05 04' });
  if (details.length > 0) {
    throw new ApiError('INVALID_REQUEST', 'The query string is not valid: see details.', details);
  }
  return {
    transferDateFrom: q.transfer_date_from,
    transferDateTo: q.transfer_date_to,
    carrierRegistrationNumber: q.carrier_registration_number,
    ewcCode: ewcCode ?? undefined,
    isCompliant: q.is_compliant,
    status: q.status,
    signed: q.signed,
  };
}

function readRoutes(app: App, wtn: WtnService): void {
  app.get(
    '/wtn/:reference',
    {
      schema: {
        operationId: 'getWtn',
        tags: TAGS,
        summary: 'Retrieve a transfer note',
        description:
          'The note: its content exactly as created, with its signatures, supersession and collections. Live and test notes are separate.',
        params: ReferenceParams,
        response: { 200: withExamples(NoteRef, NOTE_EXAMPLES), 404: NOTE_NOT_FOUND },
      },
    },
    async (request, reply) => {
      const document = await wtn.document(scopeOf(request), referenceOf(request));
      if (!document) throw notFound(request);
      return sendDocument(reply, 200, document);
    },
  );

  app.get(
    '/wtn/:reference/pdf',
    {
      config: { headOnly: () => true },
      schema: {
        operationId: 'getWtnPdf',
        tags: TAGS,
        summary: 'Print a transfer note (A4 PDF)',
        description:
          'The note laid out for signing by the transferor and the transferee, with any signatures, the content hash and the collections logged under a season ticket. Test notes are marked TEST on every page.',
        params: ReferenceParams,
        response: {
          200: {
            description: 'An A4 PDF.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
            headers: {
              'Content-Disposition': {
                type: 'string',
                description:
                  'inline, named after the reference: `inline; filename="WTN-2026-1123-D0JA.pdf"`.',
              },
            },
          },
          404: NOTE_NOT_FOUND,
        },
      },
    },
    async (request, reply) => {
      const note = await wtn.get(scopeOf(request), referenceOf(request));
      if (!note) throw notFound(request);
      const headers = reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${note.reference}.pdf"`);
      // A HEAD says the note can be printed without printing it.
      if (request.method === 'HEAD') return sendHeadersOnly(headers);
      return headers.send(await wtn.renderPdf(scopeOf(request), note));
    },
  );
}

function signingRoutes(app: App, wtn: WtnService, publicUrl: string | undefined): void {
  app.post(
    '/wtn/:reference/signatures',
    {
      validatorCompiler: signValidator,
      config: {
        location: {
          of: (note) => `/v1/wtn/${note.reference}`,
          description: 'The note the signature is part of: `/v1/wtn/{reference}`.',
        },
      },
      schema: {
        operationId: 'signWtn',
        tags: TAGS,
        summary: 'Sign a transfer note for a party',
        description:
          'Records the signature of the transferor (the producer or holder) or the transferee (the carrier), once each. From the first signature the content cannot change; when both have signed the note carries `content_sha256`.',
        params: ReferenceParams,
        body: withExamples(SignBody, SIGN_EXAMPLES),
        response: {
          201: {
            ...withExamples(NoteRef, SIGNED_NOTE_EXAMPLES),
            description: 'The note with the signature.',
          },
          ...SIGNATURE_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const document = await wtn.sign(scopeOf(request), referenceOf(request), request.body, {
        ip: request.ip,
      });
      return sendDocument(reply, 201, document);
    },
  );

  app.post(
    '/wtn/:reference/signing-links',
    {
      schema: {
        operationId: 'createWtnSigningLink',
        tags: TAGS,
        summary: 'Create a signing link for a party',
        description:
          'A single-use link, valid for 48 hours unless `expires_in_hours` says otherwise, that opens a page where the party (a driver, a customer on site) reads the note and signs it on a phone, without an account. Send the URL to them yourself; it is shown only once.',
        params: ReferenceParams,
        body: withExamples(SigningLinkBody, SIGNING_LINK_EXAMPLES),
        response: { 201: withExamples(SigningLink, SIGNING_LINK_RESPONSE_EXAMPLES), ...SIGN_ERRORS },
      },
    },
    async (request, reply) => {
      const base = publicUrl ?? `${request.protocol}://${request.host}`;
      const link = await wtn.createSigningLink(scopeOf(request), referenceOf(request), request.body, base);
      return reply.code(201).send(link);
    },
  );
}

function transferRoute(app: App, wtn: WtnService): void {
  app.post(
    '/wtn/:reference/transfers',
    {
      config: {
        location: {
          of: (_transfer, request) => `/v1/wtn/${referenceOf(request as ReadRequest)}`,
          description: 'The season ticket whose schedule lists the collection: `/v1/wtn/{reference}`.',
        },
        idempotency: {
          find: async (request, key) => {
            const earlier = await wtn.findIdempotentTransfer(scopeOf(request), key);
            return (
              earlier && {
                requestHash: earlier.requestHash,
                status: 201,
                body: JSON.stringify(earlier.transfer),
              }
            );
          },
        },
      },
      schema: {
        operationId: 'logWtnTransfer',
        tags: TAGS,
        summary: 'Log a collection under a season ticket',
        description:
          "Adds one collection to the schedule of a season ticket. Refused outside the period the ticket covers, on or after the expiry of the carrier's registration, and for a superseded note. Send an `Idempotency-Key` so a retry never logs a collection twice.",
        params: ReferenceParams,
        body: withExamples(TransferBody, TRANSFER_EXAMPLES),
        response: { 201: withExamples(TransferSchema, TRANSFER_RESPONSE_EXAMPLES), ...TRANSFER_ERRORS },
      },
    },
    async (request, reply) => {
      const { transfer, replayed } = await wtn.logTransfer(
        scopeOf(request),
        referenceOf(request),
        request.body,
        request.idempotency ?? undefined,
      );
      if (replayed) return sendReplay(request, reply, 201, JSON.stringify(transfer));
      return reply.code(201).send(transfer);
    },
  );
}

/** Notes are never edited or deleted: the methods a client might try are answered with how to correct one. */
function refuseEdits(app: App, wtn: WtnService): void {
  for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/wtn/:reference',
      // Not an operation of the API (it never succeeds), so not in the OpenAPI document; docs/wtn.md
      // says what these answer.
      schema: { hide: true, params: ReferenceParams, response: EDIT_ERRORS },
      handler: async (request) => {
        const reference = referenceOf(request);
        const state = await wtn.signingState(scopeOf(request), reference);
        if (!state) throw notFound(request);
        if (state.signedBy.length > 0) {
          throw new ApiError(
            'NOTE_SIGNED',
            `${reference} has been signed by the ${state.signedBy.join(' and the ')}, so its content cannot change. To correct it, create a new note with "supersedes": "${reference}".`,
          );
        }
        throw new ApiError(
          'NOTE_IMMUTABLE',
          `Transfer notes are never edited or deleted. To correct ${reference}, create a new note with "supersedes": "${reference}".`,
        );
      },
    });
  }
}
