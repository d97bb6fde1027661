import { Type } from 'typebox';
import { errorCodes } from '../platform/errors.ts';
import { MAX_BATCH } from './batch-verify.ts';
import { VerifyCarrierResultSchema } from './verify-result.ts';

export const VerifyBatchRequest = Type.Object(
  {
    registration_numbers: Type.Array(
      Type.String({
        maxLength: 200,
        description: 'A registration number as for verify-carrier, e.g. CBDU123456.',
      }),
      {
        minItems: 1,
        maxItems: MAX_BATCH,
        description: `1 to ${MAX_BATCH} England registration numbers; each is checked on its own.`,
      },
    ),
  },
  { additionalProperties: false },
);

const sentNumber = Type.String({ description: 'The number as it was sent, so answers can be matched.' });

const ItemError = Type.Object(
  {
    code: Type.Unsafe<string>({ type: 'string', enum: Object.keys(errorCodes) }),
    message: Type.String({ description: 'What is wrong with this number and what to do.' }),
    status: Type.Integer({ description: 'The HTTP status a single verify-carrier would have answered.' }),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), issue: Type.String() }))),
  },
  { description: 'The error a single check of this number would have answered (its envelope).' },
);

const Checked = Type.Object(
  { registration_number: sentNumber, ...VerifyCarrierResultSchema.properties },
  { description: 'A checked number: the body a single verify-carrier answers, with the number sent.' },
);

const Refused = Type.Object(
  { registration_number: sentNumber, error: ItemError },
  {
    description:
      'A number that could not be checked: malformed (400, counted as a call as a single check is) or the register could not answer it (503, not counted).',
  },
);

export const VerifyBatchResult = Type.Object({
  results: Type.Array(Type.Union([Checked, Refused]), {
    description: 'One answer per number sent, in the order sent.',
  }),
});
