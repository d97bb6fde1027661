import { Value } from 'typebox/value';
import type { KeyMode } from '../accounts/api-key-format.ts';
import type { ErrorDetail } from '../platform/errors.ts';
import { EVENT_TYPE_NAMES } from '../webhooks/event-types.ts';
import { CreateEndpointBody } from '../webhooks/webhook-schemas.ts';
import type { FieldErrors, FormBody, FormResult } from './forms.ts';

/** The add-an-endpoint form's fields, in the order the page shows them (and the error summary lists them). */
export const WEBHOOK_FIELDS = ['mode', 'url', 'events', 'description'] as const;

/**
 * Each event type is its own checkbox, named `event:<type>`: a form field sent several times would be
 * an array, which the portal's form schema refuses (page-reply.ts).
 */
export const ALL_EVENTS_FIELD = 'all_events';
export const eventField = (type: string) => `event:${type}`;

/** What the user typed and ticked, kept as sent so a refused form comes back ready to correct. */
export interface WebhookFormValues {
  mode?: string;
  url?: string;
  description?: string;
  all?: boolean;
  events: string[];
}

export interface WebhookForm {
  /** Endpoints belong to a mode, as keys do: a test endpoint only ever receives test-mode events. */
  mode: KeyMode;
  body: CreateEndpointBody;
}

export function webhookFormValues(body: FormBody): WebhookFormValues {
  return {
    mode: body.mode,
    url: body.url,
    description: body.description,
    all: body[ALL_EVENTS_FIELD] !== undefined,
    events: EVENT_TYPE_NAMES.filter((t) => body[eventField(t)] !== undefined),
  };
}

/**
 * The form as the body POST /v1/webhook-endpoints takes, checked against that route's own schema so the
 * portal accepts exactly what the API accepts. Whether the URL may be called is the service's decision:
 * its refusal comes back through `urlProblem`.
 */
export function readWebhook(body: FormBody): FormResult<WebhookForm> {
  const errors: FieldErrors = {};
  const values = webhookFormValues(body);
  if (values.mode !== 'live' && values.mode !== 'test') errors.mode = 'Choose live or test.';
  const url = (values.url ?? '').trim();
  const description = (values.description ?? '').trim().replace(/\s+/g, ' ');
  // "All events" wins over single ticks: it also covers event types added later.
  const events = values.all ? ['*'] : values.events;
  if (!url) errors.url = 'Enter the URL events are sent to.';
  else if (!URL.canParse(url)) errors.url = urlShapeProblem(url);
  if (events.length === 0) errors.events = 'Choose the events to send, or all events.';
  const endpoint = { url, events, ...(description ? { description } : {}) } as CreateEndpointBody;
  for (const error of Value.Errors(CreateEndpointBody, endpoint)) {
    const field = error.instancePath.split('/')[1] ?? '';
    if (field === 'url') errors.url ??= urlShapeProblem(url);
    else if (field === 'description') errors.description ??= 'Description must be 500 characters or fewer.';
    else errors.form ??= 'The endpoint could not be added. Check each field and try again.';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { mode: values.mode as KeyMode, body: endpoint } };
}

function urlShapeProblem(url: string): string {
  if (url.length > 2048) return 'The URL must be 2,048 characters or fewer.';
  return 'Enter a full URL starting with https://, like https://hooks.example.com/wcs.';
}

/** The service's WEBHOOK_URL_NOT_ALLOWED detail ("must use https") as a sentence beside the URL field. */
export function urlProblem(details: ErrorDetail[] | undefined): FieldErrors {
  const issue = details?.find((d) => d.field === '/url')?.issue;
  const why = issue ? `The URL ${issue}.` : 'That URL may not receive events.';
  return {
    url: `${why} Use an https address on the public internet, like https://hooks.example.com/wcs.`,
  };
}
