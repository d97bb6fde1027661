import { type Static, type TSchema, Type } from 'typebox';
import { RegistrationSchema } from '../carriers/index.ts';

const Strict = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Label = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'Your name for the watch, e.g. the carrier as your staff know it.',
});

export const CreateWatchBody = Type.Object(
  {
    registration_number: Type.String({
      maxLength: 60,
      description: 'England registration number, e.g. CBDU123456 (spaces, hyphens and case are ignored).',
    }),
    label: Type.Optional(Label),
  },
  Strict,
);
export type CreateWatchBody = Static<typeof CreateWatchBody>;

export const UpdateWatchBody = Type.Object(
  { label: Nullable(Label) },
  { ...Strict, description: 'The label is all that changes; null removes it.' },
);
export type UpdateWatchBody = Static<typeof UpdateWatchBody>;

export const WatchStatusSchema = Type.Union(
  [
    Type.Literal('valid'),
    Type.Literal('expiring_soon'),
    Type.Literal('expired'),
    Type.Literal('lower_tier'),
    Type.Literal('not_found'),
    Type.Literal('unchecked'),
  ],
  {
    description:
      'What verify-carrier would answer today from the last successful check; `unchecked` until one succeeds.',
  },
);

export const CarrierWatchSchema = Type.Object(
  {
    id: Type.String({ description: '`cw_…`' }),
    object: Type.Literal('carrier_watch'),
    registration_number: Type.String({ description: 'Canonical form, e.g. CBDU123456.' }),
    label: Nullable(Type.String()),
    source: Type.Union([Type.Literal('api'), Type.Literal('season_ticket')], {
      description: '`api`: created with POST; `season_ticket`: by a note issued under a season ticket.',
    }),
    note_reference: Nullable(
      Type.String({ description: 'The season-ticket note that asked for the watch.' }),
    ),
    watch_until: Nullable(
      Type.String({
        format: 'date',
        description: "A season-ticket watch ends after this day (the ticket's last); null: until deleted.",
      }),
    ),
    created_at: Type.String({ format: 'date-time' }),
    status: WatchStatusSchema,
    registration: Nullable({
      ...RegistrationSchema,
      description:
        'The registration as verify-carrier returns it today; null when not on the register or unchecked.',
    }),
    last_checked_at: Nullable(
      Type.String({ format: 'date-time', description: 'When the register last answered for this watch.' }),
    ),
    next_check_at: Type.String({ format: 'date-time', description: 'When the next scheduled check is due.' }),
    last_check_error: Nullable(
      Type.Object(
        {
          at: Type.String({ format: 'date-time' }),
          message: Type.String(),
        },
        {
          description:
            'Why the last attempt got no answer (the register was unavailable); null after a success.',
        },
      ),
    ),
  },
  { $id: 'CarrierWatch', description: 'A registration number the service re-checks against the register.' },
);
export type CarrierWatch = Static<typeof CarrierWatchSchema>;
export const CarrierWatchRef = Type.Unsafe<CarrierWatch>({ $ref: 'CarrierWatch#' });

export const WatchList = Type.Object({
  data: Type.Array(CarrierWatchRef),
  has_more: Type.Boolean(),
  next_starting_after: Nullable(Type.String({ description: 'Pass as `starting_after` for the next page.' })),
});
export type WatchList = Static<typeof WatchList>;

export const ListWatchesQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        default: 20,
        description: 'Watches per page.',
        examples: [50],
      }),
    ),
    starting_after: Type.Optional(
      Type.String({
        maxLength: 60,
        description: 'The last id of the previous page.',
        examples: ['cw_4Jq8sYb2LmN6pR0tVx3z'],
      }),
    ),
  },
  Strict,
);
export type ListWatchesQuery = Static<typeof ListWatchesQuery>;

export const WatchParams = Type.Object({
  id: Type.String({
    maxLength: 60,
    description: 'The watch id, `cw_…`.',
    examples: ['cw_4Jq8sYb2LmN6pR0tVx3z'],
  }),
});

export const DeletedWatch = Type.Object({
  id: Type.String(),
  object: Type.Literal('carrier_watch'),
  deleted: Type.Literal(true),
});
