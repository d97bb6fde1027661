import { type FastifyPluginAsyncTypebox, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { ApiError, type ErrorDetail } from '../platform/errors.ts';
import { sendHeadersOnly } from '../platform/head-reply.ts';
import { sendReplay } from '../platform/idempotency.ts';
import { isIdOf } from '../platform/ids.ts';
import { withExamples } from '../platform/openapi.ts';
import { scopeOf } from '../platform/scope.ts';
import { consigneeReturnRoute } from './consignee-return-routes.ts';
import { sendConsignmentCsv } from './consignment-csv.ts';
import {
  CREATE_ERRORS,
  CREATE_EXAMPLES,
  LINK_ERRORS,
  LINK_EXAMPLES,
  LINK_RESPONSE_EXAMPLES,
  LIST_ERRORS,
  LIST_EXAMPLES,
  NOT_FOUND,
  NOTE_EXAMPLES,
  SIGN_ERRORS,
  SIGN_EXAMPLES,
  SIGNED_EXAMPLES,
} from './consignment-examples.ts';
import {
  ConsignmentNote,
  ConsignmentNoteList,
  ConsignmentNoteRef,
  ConsignmentParams,
  ConsignmentSigningLinkBody,
  CreateConsignmentNoteBody,
  ListConsignmentNotesQuery,
  SignConsignmentBody,
} from './consignment-schemas.ts';
import type { ConsignmentService } from './consignment-service.ts';
import { keyAuthentication, linkCreatedWith } from './signature-authentication.ts';

const TAGS = ['Consignment notes'];

const SigningLink = {
  type: 'object',
  properties: {
    id: {
      type: 'string',
      description: '`sl_…`: the id the part signed on the link records as `authentication.signing_link.id`.',
    },
    url: { type: 'string', description: 'Shown once: send it to the signer.' },
    part: { type: 'string' },
    expires_at: { type: 'string' },
  },
  required: ['id', 'url', 'part', 'expires_at'],
};

/** A list query refused for what the schema cannot check, before the call is counted. */
function checkList(query: ListConsignmentNotesQuery): void {
  const details: ErrorDetail[] = [];
  if (query.created_from && query.created_to && query.created_from > query.created_to) {
    details.push({ field: 'created_to', issue: 'must be on or after created_from' });
  }
  if (query.format === 'csv') {
    const issue = 'is not used with format=csv: the export holds every matching note';
    if (query.limit !== undefined) details.push({ field: 'limit', issue });
    if (query.starting_after !== undefined) details.push({ field: 'starting_after', issue });
  } else if (query.starting_after !== undefined && !isIdOf('cn', query.starting_after.trim())) {
    details.push({
      field: 'starting_after',
      issue: 'is not a consignment note id (e.g. cn_7kQ2mX9pL4rT8vB3nC6d)',
    });
  }
  const code = query.consignment_code;
  if (code !== undefined && !/^\s*[A-Za-z0-9]+\/[A-Za-z0-9]+\s*$/.test(code)) {
    details.push({ field: 'consignment_code', issue: 'is not a consignment code (e.g. GARAGE/00001)' });
  }
  if (details.length > 0)
    throw new ApiError('INVALID_REQUEST', `${details[0].field} ${details[0].issue}.`, details);
}

/** /v1/consignment-notes and /v1/consignee-returns: hazardous waste moved and received. */
export const consignmentRoutes: FastifyPluginAsyncTypebox<{
  consignments: ConsignmentService;
  sites: Parameters<typeof consigneeReturnRoute>[1]['sites'];
  receipts: Parameters<typeof consigneeReturnRoute>[1]['receipts'];
  publicUrl?: string;
}> = async (app, { consignments, sites, receipts, publicUrl }) => {
  app.addSchema(ConsignmentNote);
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  app.post(
    '/consignment-notes',
    {
      config: {
        location: {
          of: (note) => `/v1/consignment-notes/${note.id}`,
          description: 'Where the note is read: `/v1/consignment-notes/{id}`.',
        },
        idempotency: {
          find: async (request, key) => {
            const earlier = await consignments.findIdempotent(scopeOf(request), key);
            return earlier && { requestHash: earlier.requestHash, status: 201, body: earlier.body };
          },
        },
      },
      schema: {
        operationId: 'createConsignmentNote',
        tags: TAGS,
        summary: 'Create a hazardous waste consignment note',
        description:
          "Parts A and B of the note, prepared before the waste moves. Every line must carry a hazardous (asterisked) List of Wastes code, given or classified from its description; every problem is answered at once with its JSON pointer and nothing is stored on a refusal. In England the code is the first six letters or digits of the producer's name, a slash and the producer's next number (`GARAGE/00001`); in Wales the NRW premises code is the prefix. England is assumed only where the premises' postcode cannot be Welsh: a Welsh or border postcode without `nation` is refused. Then Parts C, D and E are signed in order. Send an `Idempotency-Key` to make retries safe.",
        body: withExamples(CreateConsignmentNoteBody, CREATE_EXAMPLES),
        response: {
          201: {
            ...withExamples(ConsignmentNoteRef, NOTE_EXAMPLES),
            description: 'The note, awaiting collection.',
          },
          ...CREATE_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { note, replayed } = await consignments.create(
        scopeOf(request),
        request.body,
        request.idempotency ?? undefined,
      );
      if (replayed) return sendReplay(request, reply, 201, JSON.stringify(note));
      return reply.code(201).send(note);
    },
  );

  app.get(
    '/consignment-notes',
    {
      config: {
        check: (request) => checkList(request.query as ListConsignmentNotesQuery),
        // A HEAD of the export reads no note; one of a page reads the page.
        headOnly: (request) => (request.query as ListConsignmentNotesQuery).format === 'csv',
      },
      schema: {
        operationId: 'listConsignmentNotes',
        tags: TAGS,
        summary: 'List consignment notes',
        description:
          "This organisation's notes for the key's mode, newest first, filtered by status, code and creation date. Pass the last id of a page as `starting_after` for the next. With `format=csv`, every matching note as one CSV file, one row per waste line.",
        querystring: ListConsignmentNotesQuery,
        response: {
          200: {
            description: 'A page of notes (JSON), or every matching note as CSV.',
            content: {
              'application/json': { schema: ConsignmentNoteList, examples: LIST_EXAMPLES },
              'text/csv': {
                schema: { type: 'string', description: 'RFC 4180 CSV, one row per waste line.' },
              },
            },
          },
          ...LIST_ERRORS,
        },
      },
    },
    async (request, reply) => {
      checkList(request.query);
      const scope = scopeOf(request);
      if (request.query.format === 'csv') {
        return sendConsignmentCsv(reply, consignments.exportNotes(scope, request.query), scope.mode);
      }
      return consignments.list(scope, request.query);
    },
  );

  app.get(
    '/consignment-notes/:id',
    {
      schema: {
        operationId: 'getConsignmentNote',
        tags: TAGS,
        summary: 'Retrieve a consignment note',
        description:
          'The note with every part signed so far, its status and the further notes of a rejected load.',
        params: ConsignmentParams,
        response: { 200: withExamples(ConsignmentNoteRef, NOTE_EXAMPLES), 404: NOT_FOUND },
      },
    },
    async (request) => consignments.get(scopeOf(request), request.params.id),
  );

  app.get(
    '/consignment-notes/:id/pdf',
    {
      config: { headOnly: () => true },
      schema: {
        operationId: 'getConsignmentNotePdf',
        tags: TAGS,
        summary: 'Print a consignment note (A4 PDF)',
        description:
          'Parts A to E laid out as the form, with continuation sheets when the lines overflow, each signature with its name, time and method, and the consignment code on every page. Available from creation; the producer keeps its copy from Part D. Test notes are marked TEST on every page.',
        params: ConsignmentParams,
        response: {
          200: {
            description: 'An A4 PDF.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          404: NOT_FOUND,
        },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const note = await consignments.get(scope, request.params.id);
      const name = note.consignment_code.replace(/[^A-Za-z0-9]+/g, '-');
      const headers = reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="consignment-note-${name}.pdf"`);
      // A HEAD says the note can be printed without printing it.
      if (request.method === 'HEAD') return sendHeadersOnly(headers);
      return headers.send(await consignments.renderPdf(scope, note));
    },
  );

  app.post(
    '/consignment-notes/:id/signatures',
    {
      config: {
        location: {
          of: (note) => `/v1/consignment-notes/${note.id}`,
          description: 'The note the part is signed on: `/v1/consignment-notes/{id}`.',
        },
      },
      schema: {
        operationId: 'signConsignmentNote',
        tags: TAGS,
        summary: 'Sign a part of a consignment note',
        description:
          "Part C (the carrier: registration checked against the register there and then, vehicle, collection date and time), then D (the consignor's declaration, with the waste hierarchy; Parts A-D are then fixed), then E (the consignee: per line the quantity received, accepted or rejected with the reason, and the R or D operation, and for a multiple collection `consignments_in_collection`; the note then carries `content_sha256`). Out of order is 409 PART_OUT_OF_ORDER; a part signs once.",
        params: ConsignmentParams,
        body: withExamples(SignConsignmentBody, SIGN_EXAMPLES),
        response: {
          201: {
            ...withExamples(ConsignmentNoteRef, SIGNED_EXAMPLES),
            description: 'The note with the part.',
          },
          ...SIGN_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const note = await consignments.sign(scopeOf(request), request.params.id, request.body, {
        ip: request.ip,
        method: 'api',
        authentication: keyAuthentication(request.auth),
      });
      return reply.code(201).send(note);
    },
  );

  app.post(
    '/consignment-notes/:id/signing-links',
    {
      schema: {
        operationId: 'createConsignmentSigningLink',
        tags: TAGS,
        summary: 'Create a signing link for a part',
        description:
          'A single-use link, valid for 48 hours unless `expires_in_hours` says otherwise, that opens a page where the carrier, consignor or consignee reads the note and signs their part on a phone, without an account. The order of the parts still applies when the link is used. Shown once.',
        params: ConsignmentParams,
        body: withExamples(ConsignmentSigningLinkBody, LINK_EXAMPLES),
        response: { 201: withExamples(SigningLink, LINK_RESPONSE_EXAMPLES), ...LINK_ERRORS },
      },
    },
    async (request, reply) => {
      const base = publicUrl ?? `${request.protocol}://${request.host}`;
      const link = await consignments.createSigningLink(
        scopeOf(request),
        request.params.id,
        request.body,
        base,
        linkCreatedWith(request.auth),
      );
      return reply.code(201).send(link);
    },
  );

  consigneeReturnRoute(app, { consignments, sites, receipts });
};
