// POST /v1/classify-waste, GET /v1/ewc-codes and GET /v1/ewc-codes/{code}. Registered by the app under
// /v1 with { service, catalogue }. Every route has a 200 schema: it generates the OpenAPI document and
// stops internal fields (flags per code, note keys) leaking into responses.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import type { KeyMode } from '../accounts/api-key-format.ts';
import { ApiError } from '../platform/errors.ts';
import { withExamples } from '../platform/openapi.ts';
import type { Catalogue, EwcEntry } from './catalogue.ts';
import {
  CLASSIFY_ERRORS,
  CLASSIFY_REQUEST_EXAMPLES,
  CLASSIFY_RESPONSE_EXAMPLES,
  ENTRY_ERRORS,
  ENTRY_RESPONSE_EXAMPLES,
  LIST_ERRORS,
  LIST_RESPONSE_EXAMPLES,
} from './examples.ts';
import { FLAGS } from './knowledge/types.ts';
import { type ClassificationService, DEFAULT_MAX_RESULTS, MAX_RESULTS } from './service.ts';
import { ASSESSMENT_VALUES } from './types.ts';

export interface ClassificationRoutesOptions {
  service: ClassificationService;
  catalogue: Catalogue;
}

const CODE_PATTERN = '^\\d{2} \\d{2} \\d{2}$';

const ClassifyRequest = Type.Object(
  {
    description: Type.String({
      minLength: 1,
      maxLength: 2000,
      description:
        'The waste in your own words (1-2,000 characters after trimming), e.g. "oily rags from the workshop".',
    }),
    source_industry: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'The business or activity that produced it, e.g. "vehicle repair garage".',
      }),
    ),
    additional_context: Type.Optional(
      Type.String({
        maxLength: 2000,
        description: 'Anything else that matters: contamination, test results, household or business origin.',
      }),
    ),
    assessment: Type.Optional(
      Type.Union(
        ASSESSMENT_VALUES.map((v) => Type.Literal(v)),
        {
          description:
            "The answer to a mirror entry's deciding question (`compliance.assessment_needed`): what an assessment of the waste found. `hazardous` or `non_hazardous` settles the side of the mirror pair; `unknown` keeps the hazardous side WM3 prescribes until the waste is assessed. The description is read as before, so the answer names the same waste.",
        },
      ),
    ),
    max_results: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_RESULTS,
        default: DEFAULT_MAX_RESULTS,
        description: 'How many ranked codes to return (1-5).',
      }),
    ),
  },
  { additionalProperties: false },
);

const ClassificationSchema = Type.Object({
  ewc_code: Type.String({
    pattern: CODE_PATTERN,
    description: 'List of Wastes code, `NN NN NN`, no asterisk.',
  }),
  description: Type.String({ description: 'The legal text of the entry.' }),
  chapter: Type.String({ description: 'e.g. "17 - Construction and demolition wastes (...)"' }),
  is_hazardous: Type.Boolean({ description: 'True for asterisk (hazardous) entries.' }),
  confidence: Type.Number({
    minimum: 0,
    maximum: 1,
    description: 'Calibrated: 0.9 or more is right at least 95% of the time; below 0.7 needs review.',
  }),
  reasoning: Type.String({
    description:
      'Which words matched, which chapter the activity points to, and why this side of a mirror pair.',
  }),
});

// The documented vocabulary plus the LLM engine's fallback flag (docs/llm-engine.md).
const FlagSchema = Type.Unsafe<string>({
  type: 'string',
  enum: [...FLAGS],
  description: 'What each flag means: [classification guide, Flags](/docs/guides/classification#flags).',
});

const AssessmentSchema = Type.Object({
  reason: Type.Union(
    [Type.Literal('mirror_entry'), Type.Literal('composition_unknown'), Type.Literal('not_specific')],
    {
      description:
        'mirror_entry: nothing in the description decides which side of a mirror pair applies; composition_unknown: the description says the composition is unknown (or gives only leaching results); not_specific: the description names no waste.',
    },
  ),
  question: Type.String({
    description: 'The question, in plain English, for the person who knows the waste.',
  }),
  answers: Type.Array(
    Type.Object({
      answer: Type.String(),
      ewc_code: Type.String({ pattern: CODE_PATTERN, description: 'The code this answer leads to.' }),
      is_hazardous: Type.Boolean(),
      send: Type.Object(
        {
          assessment: Type.Optional(Type.Union(ASSESSMENT_VALUES.map((v) => Type.Literal(v)))),
          additional_context: Type.Optional(Type.String()),
        },
        {
          description:
            'The fields to send with the same description (and source_industry) to answer the question: the answer then settles the code.',
        },
      ),
    }),
  ),
  until_answered: Type.Object({
    ewc_code: Type.Union([Type.String(), Type.Null()], {
      description:
        'The code to use meanwhile (WM3: an unassessed mirror-entry waste is hazardous); null when none can be defended.',
    }),
    is_hazardous: Type.Boolean(),
    guidance: Type.String(),
  }),
  source: Type.String({ description: 'The guidance the rule comes from.' }),
});

const ClassifyResponse = Type.Object({
  classifications: Type.Array(ClassificationSchema, {
    description: 'Ranked, at most max_results; only codes with a real chance of being right (may be empty).',
  }),
  compliance: Type.Object({
    hazardous_waste: Type.Boolean({ description: 'True when any returned code is hazardous.' }),
    flags: Type.Array(FlagSchema),
    hazardous_substances: Type.Array(Type.String(), {
      description:
        'Hazardous substances or materials the description names and does not negate (e.g. "asbestos", "oil or fuel"). When the top code does not reflect one, a hazardous code is in the ranking and HAZARDOUS_SUBSTANCE_NAMED is flagged.',
    }),
    disposal_notes: Type.String({ description: 'Handling and disposal notes for the top code.' }),
    requires_consignment_note: Type.Boolean({ description: 'True when the top code is hazardous.' }),
    assessment_needed: Type.Union([AssessmentSchema, Type.Null()], {
      description:
        "The deciding question when the description does not settle the code: which side of a mirror pair, a composition stated unknown, or a description that names no waste. Show `question` to the person on site; send the chosen answer's `send` fields with the same description to settle the code. null when the description settles it. [Classification guide, The deciding question](/docs/guides/classification#the-deciding-question).",
    }),
  }),
  metadata: Type.Object({
    classified_at: Type.String({
      format: 'date-time',
      description: 'When the waste was classified (UTC); earlier than now when cached.',
    }),
    model_version: Type.String({
      description: 'Engine and knowledge version; changes whenever either changes.',
    }),
    cached: Type.Boolean(),
  }),
});

const EwcEntrySchema = Type.Object({
  code: Type.String({ pattern: CODE_PATTERN }),
  display_code: Type.String({
    description: 'The code with its asterisk when hazardous, as printed in the list.',
  }),
  description: Type.String(),
  is_hazardous: Type.Boolean(),
  entry_type: Type.Union([Type.Literal('AH'), Type.Literal('AN'), Type.Literal('MH'), Type.Literal('MN')], {
    description:
      'WM3 Appendix A: absolute hazardous, absolute non-hazardous, mirror hazardous, mirror non-hazardous.',
  }),
  chapter: Type.String(),
  subchapter: Type.String({
    description:
      'e.g. "17 05 - soil (including excavated soil from contaminated sites), stones and dredging spoil"',
  }),
  mirror_of: Type.Array(Type.String({ pattern: CODE_PATTERN }), {
    description: 'Mirror partners on the other hazard side.',
  }),
  note: Type.Union([Type.String(), Type.Null()]),
});

const ListQuery = Type.Object(
  {
    chapter: Type.Optional(
      Type.String({
        pattern: '^\\d{2}( ?\\d{2})?$',
        description: 'Chapter "17" or sub-chapter "17 05".',
        examples: ['17 05'],
      }),
    ),
    hazardous: Type.Optional(
      Type.Boolean({
        description: 'true: only hazardous entries; false: only non-hazardous.',
        examples: [true],
      }),
    ),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Text in the legal description, or the start of a code.',
        examples: ['soil'],
      }),
    ),
  },
  { additionalProperties: false },
);

const ListResponse = Type.Object({ count: Type.Integer(), codes: Type.Array(EwcEntrySchema) });

function toPublic(e: EwcEntry): Static<typeof EwcEntrySchema> {
  return {
    code: e.code,
    display_code: `${e.code}${e.is_hazardous ? '*' : ''}`,
    description: e.description,
    is_hazardous: e.is_hazardous,
    entry_type: e.entry_type,
    chapter: e.chapter_label,
    subchapter: `${e.subchapter} - ${e.subchapter_title}`,
    mirror_of: e.mirror_of,
    note: e.note,
  };
}

type TypeboxApp = Parameters<FastifyPluginAsyncTypebox>[0];

export const classificationRoutes: FastifyPluginAsyncTypebox<ClassificationRoutesOptions> = async (
  app,
  opts,
) => {
  classifyRoute(app, opts.service);
  catalogueRoutes(app, opts.catalogue);
};

function classifyRoute(app: TypeboxApp, service: ClassificationService): void {
  app.post(
    '/classify-waste',
    {
      schema: {
        operationId: 'classifyWaste',
        tags: ['Classification'],
        summary: 'Classify waste with a List of Wastes (EWC) code',
        description:
          'Ranks List of Wastes codes for a plain-English description, with the reasoning an auditor can follow, calibrated confidence, flags (see the [classification guide](/docs/guides/classification)) and disposal notes. Answers are cached for 7 days per exact description, source_industry and additional_context.',
        body: withExamples(ClassifyRequest, CLASSIFY_REQUEST_EXAMPLES),
        response: { 200: withExamples(ClassifyResponse, CLASSIFY_RESPONSE_EXAMPLES), ...CLASSIFY_ERRORS },
      },
    },
    async (request) => {
      const { description, source_industry, additional_context, assessment, max_results } = request.body;
      // The schema counts characters as sent; the issue counts them after trimming.
      if (description.trim() === '') {
        throw new ApiError('INVALID_REQUEST', 'The description must not be blank.', [
          { field: '/description', issue: 'must not be blank' },
        ]);
      }
      // Test keys never spend a paid model call (docs/llm-engine.md); without authentication, live.
      const mode = (request as { auth?: { mode?: KeyMode } | null }).auth?.mode ?? 'live';
      return service.classify(
        { description, source_industry, additional_context, assessment },
        max_results,
        mode,
      );
    },
  );
}

function catalogueRoutes(app: TypeboxApp, catalogue: Catalogue): void {
  app.get(
    '/ewc-codes',
    {
      config: { billable: false },
      schema: {
        operationId: 'listEwcCodes',
        tags: ['Classification'],
        summary: 'List or search the List of Wastes',
        description: 'All 842 entries, filtered by chapter or sub-chapter, hazard and text. Costs no quota.',
        querystring: ListQuery,
        response: { 200: withExamples(ListResponse, LIST_RESPONSE_EXAMPLES), ...LIST_ERRORS },
      },
    },
    async (request) => {
      const codes = catalogue.list(request.query).map(toPublic);
      return { count: codes.length, codes };
    },
  );

  app.get(
    '/ewc-codes/:code',
    {
      config: { billable: false },
      schema: {
        operationId: 'getEwcCode',
        tags: ['Classification'],
        summary: 'Look up one List of Wastes code',
        description: 'Accepts 170504, 17 05 04, 17-05-04 or 17 05 04* (URL-encoded). Costs no quota.',
        params: Type.Object({
          code: Type.String({
            maxLength: 20,
            description: 'The code, in any of those forms.',
            examples: ['170504'],
          }),
        }),
        response: { 200: withExamples(EwcEntrySchema, ENTRY_RESPONSE_EXAMPLES), ...ENTRY_ERRORS },
      },
    },
    async (request) => {
      const entry = catalogue.get(request.params.code);
      if (!entry) {
        throw new ApiError(
          'EWC_CODE_NOT_FOUND',
          `${request.params.code} is not a code in the List of Wastes.`,
        );
      }
      return toPublic(entry);
    },
  );
}
