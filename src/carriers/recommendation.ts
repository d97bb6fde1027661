import type { CarrierQuery } from './carrier-query.ts';
import type { JudgedRegistration } from './status-rules.ts';

export interface RecommendationContext {
  query: CarrierQuery;
  /** Best first. */
  registrations: JudgedRegistration[];
  /** More registrations matched than are listed. */
  truncated: boolean;
  /** When the answer comes from history: the last day the register listed it. */
  lastListedOn?: string;
  /** A number we once saw on the register that is now gone before its expiry: the last day we saw it. */
  droppedAfter?: string;
}

const NRW =
  'A Welsh registration is held by Natural Resources Wales (NRW) and is not on the EA register: if the carrier ' +
  "registered in Wales, check NRW's public register instead.";

/**
 * Advice for the person deciding whether to hand over waste, specific to what the register said. The
 * duty is to transfer only to an authorised person (s.34(1)(c) Environmental Protection Act 1990).
 */
export function recommend(context: RecommendationContext): string {
  const { query, registrations } = context;
  const parts: string[] = [];
  if (registrations.length === 0) parts.push(notFound(context));
  else if (registrations.length > 1) parts.push(several(context));
  else {
    parts.push(describe(registrations[0], context));
    if (query.kind !== 'number') {
      parts.push(
        `A ${query.kind} does not prove identity: confirm that ${registrations[0].record.registration_number} is the number on the carrier's documents.`,
      );
    }
  }
  if (query.kind === 'number') {
    const [first] = registrations;
    if (first && first.record.tier !== query.number.prefixTier) {
      parts.push(
        `The register records this registration as ${first.record.tier} tier although its prefix suggests ${query.number.prefixTier} tier; the register's tier is used.`,
      );
    }
    if (query.number.warning) parts.push(query.number.warning);
  }
  return parts.join(' ');
}

function notFound({ query, droppedAfter }: RecommendationContext): string {
  const noHandOver = 'Do not hand over waste until the carrier shows you a current registration.';
  switch (query.kind) {
    case 'number':
      if (droppedAfter) {
        return (
          `${query.number.number} is no longer on the Environment Agency's public register: it was listed when last checked on ${droppedAfter}, ` +
          `before its expiry date, and the register drops registrations that are revoked or deregistered. ${noHandOver}`
        );
      }
      return (
        `${query.number.number} is not on the Environment Agency's public register of waste carriers, brokers and dealers. ` +
        `Check the number for typing mistakes and ask the carrier for proof of registration. ${noHandOver} ${NRW}`
      );
    case 'name':
      return (
        `No registration on the Environment Agency's public register has a name matching "${query.name}". ` +
        'Registered names often differ from trading names: ask the carrier for their registration number (CBDU… or CBDL…) and check that. ' +
        `${noHandOver} ${NRW}`
      );
    case 'postcode':
      return (
        `No registration on the Environment Agency's public register has its address at ${query.postcode}. ` +
        'Carriers often register at a head office elsewhere: ask for their registration number (CBDU… or CBDL…) and check that. ' +
        `${noHandOver} ${NRW}`
      );
  }
}

function several({ query, registrations, truncated }: RecommendationContext): string {
  const what =
    query.kind === 'name'
      ? `the name "${query.name}"`
      : `the postcode ${query.kind === 'postcode' ? query.postcode : ''}`;
  const shown = truncated
    ? ` (more than ${registrations.length}; the first ${registrations.length} are listed)`
    : '';
  return (
    `${registrations.length} registrations match ${what}${shown}, so this does not identify the carrier. ` +
    'Ask the carrier for their registration number and check it before handing over waste. ' +
    `The best match is ${summary(registrations[0])}.`
  );
}

/** One line per status, for the best of several matches. */
function summary({ record, status }: JudgedRegistration): string {
  const who = `${record.registration_number} (${record.business_name})`;
  switch (status) {
    case 'valid':
      return `${who}, registered (upper tier) until ${record.expiry_date}`;
    case 'expiring_soon':
      return `${who}, registered (upper tier) until ${record.expiry_date}, within 90 days`;
    case 'expired':
      return `${who}, which expired on ${record.expiry_date}`;
    case 'lower_tier':
      return `${who}, a lower-tier registration`;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function describe(registration: JudgedRegistration, context: RecommendationContext): string {
  const { record, days_until_expiry: days } = registration;
  const who = `${record.registration_number} (${record.business_name})`;
  switch (registration.status) {
    case 'valid':
      return (
        `${who} is registered as an upper-tier waste carrier, broker or dealer until ${record.expiry_date}` +
        `${days === null ? '' : ` (${plural(days, 'day')})`}. You can hand over waste to them; keep this check with your transfer note.`
      );
    case 'expiring_soon':
      return (
        `${who} is registered as an upper-tier carrier until ${record.expiry_date}, ${plural(days ?? 0, 'day')} from today. ` +
        `You can hand over waste before then; for a transfer on or after ${record.expiry_date}, ask the carrier for proof of renewal and check again.`
      );
    case 'expired': {
      const ago = days === 0 ? 'today' : `${plural(-(days ?? 0), 'day')} ago`;
      const history = context.lastListedOn
        ? ` The live register no longer lists it; this is our record of it from ${context.lastListedOn}.`
        : '';
      return (
        `${who} expired on ${record.expiry_date} (${ago}) and is not registered now: a registration ends on its expiry date. ` +
        `Do not hand over waste; ask the carrier for their renewed registration and check it.${history}`
      );
    }
    case 'lower_tier':
      // Lower tier: carriers of their own waste (not construction or demolition waste), charities,
      // voluntary bodies, waste authorities, and carriers of animal by-products, agricultural or mine and
      // quarry waste only (Waste (England and Wales) Regulations 2011, Part 8).
      return (
        `${who} is a lower-tier registration, which never expires but covers only carrying one's own waste (not construction or demolition waste), ` +
        'charities, voluntary bodies and waste authorities, and animal by-product, agricultural, mine or quarry waste. ' +
        'For anything else, do not hand over waste: ask for an upper-tier registration.'
      );
  }
}
