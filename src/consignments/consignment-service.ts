import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { Value } from 'typebox/value';
import { type Clock, londonDate } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { validationDetails } from '../platform/error-handler.ts';
import { ApiError } from '../platform/errors.ts';
import type { EventSink } from '../platform/events.ts';
import { GroupCommit } from '../platform/group-commit.ts';
import type { IdempotencyClaim } from '../platform/idempotency.ts';
import { newId } from '../platform/ids.ts';
import type { Site } from '../receipts/site-types.ts';
import type {
  CarrierVerifier,
  ClassificationResult,
  EwcLookup,
  WasteClassifier,
} from '../wtn/dependencies.ts';
import { normaliseCode } from './consignment-code.ts';
import { renderConsignmentPdf } from './consignment-pdf.ts';
import {
  checkComponents,
  codeFor,
  Issues,
  isPremisesOf,
  optional,
  postcodeOf,
  required,
  sicCodeOf,
} from './consignment-rules.ts';
import type {
  ConsignmentContent,
  ConsignmentLine,
  ConsignmentNote,
  ConsignmentSigningLinkBody,
  CreateConsignmentNoteBody,
  ListConsignmentNotesQuery,
  Part,
  PartAuthentication,
} from './consignment-schemas.ts';
import { SignConsignmentBody } from './consignment-schemas.ts';
import {
  type ConsignmentScope,
  ConsignmentStore,
  type CreateOutcome,
  type NewConsignment,
  type NewPart,
} from './consignment-store.ts';
import { partE } from './part-e-rules.ts';
import {
  carrierNumberFor,
  checkDeclaredRegister,
  collectionOf,
  declarableRegisterOf,
  otherPartsFields,
  partC,
  partD,
  refuseUnregistered,
  type Signer,
  scottishUndeclared,
  signerOf,
} from './part-rules.ts';
import { nationOfPremises } from './premises-nation.ts';
import { linkAuthentication } from './signature-authentication.ts';

export interface ConsignmentServiceOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  carriers: CarrierVerifier;
  classifier: WasteClassifier;
  catalogue: EwcLookup;
  /** A receiving site of the caller's (the receipts capability's sites). */
  site(scope: ConsignmentScope, id: string): Promise<Site | undefined>;
  /** WTN_REGISTER_DEADLINE_MS: how long Part C waits for the register. */
  registerDeadlineMs?: number;
  events: EventSink;
}

const DEFAULT_LINK_HOURS = 48;
const HOUR_MS = 3_600_000;
/** The producer keeps a consignment note for 3 years (SI 2005/894 reg 49; GOV.UK producers' guidance). */
const RETENTION_YEARS = 3;

export const consignmentNotFound = (id: string, mode: ConsignmentScope['mode']) =>
  new ApiError(
    'CONSIGNMENT_NOTE_NOT_FOUND',
    `No consignment note ${id} for this organisation in ${mode} mode.`,
  );

export function tokenSha256(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** What a signing link's page shows: the note and the part, or why it cannot be signed now. */
export type ConsignmentSigningPage =
  | { state: 'open'; note: ConsignmentNote; part: Part; expiresAt: string }
  | { state: 'not_found' }
  | { state: 'expired' | 'used' | 'already_signed'; note: ConsignmentNote; part: Part }
  /** The part before has not been signed yet: the link works once it has. */
  | { state: 'waiting'; note: ConsignmentNote; part: Part; waitingFor: Part };

/** Where a signature comes from, and with what. */
export interface SignatureOrigin {
  ip: string | null;
  method: Signer['method'];
  drawing?: string | null;
  link?: { tokenSha256: string };
  /** The key, or the signing link, that vouches for the signature: recorded in the part. */
  authentication: PartAuthentication;
}

/**
 * Hazardous waste consignment notes: Parts A and B checked and stored before the waste moves, Parts C,
 * D and E signed in that order (SI 2005/894 regs 35-36), each bound to the note; a rejected load's
 * further note linked to it (regs 42-44). Notes are never changed or deleted.
 */
export class ConsignmentService {
  readonly #o: ConsignmentServiceOptions;
  readonly #store: ConsignmentStore;
  readonly #writer: GroupCommit<NewConsignment, CreateOutcome>;

  constructor(options: ConsignmentServiceOptions) {
    this.#o = options;
    this.#store = new ConsignmentStore(options.db, options.events);
    this.#writer = new GroupCommit({
      commit: (items, now) => this.#store.createBatch(items, now),
      clock: options.clock,
      logger: options.logger,
      what: 'consignment note',
    });
  }

  now(): Date {
    return this.#o.clock.now();
  }

  async create(
    scope: ConsignmentScope,
    body: CreateConsignmentNoteBody,
    idempotency?: IdempotencyClaim,
  ): Promise<{ note: ConsignmentNote; replayed: boolean }> {
    const given = body.nation;
    if (given === 'scotland' || given === 'northern_ireland') {
      const regulator = given === 'scotland' ? 'SEPA issues' : 'NIEA issues';
      throw new ApiError(
        'NATION_NOT_SUPPORTED',
        `Consignment notes here are for England and Wales. In ${given === 'scotland' ? 'Scotland' : 'Northern Ireland'} ${regulator} the consignment codes and requires pre-notification of each movement: use the regulator's own note.`,
        [{ field: '/nation', issue: 'must be england or wales' }],
      );
    }
    const issues = new Issues();
    const premises = nationOfPremises(given, body.producer.postcode);
    // Without a nation, the checks that depend on it (the code, the SIC code) wait for the answer.
    const nation = 'nation' in premises ? premises.nation : null;
    if ('issue' in premises) issues.add('CONSIGNMENT_NOTE_INVALID', '/nation', premises.issue);
    const rejected = this.#rejectedFrom(scope, body.rejected_from, issues);
    const [lines, consignee, rejectedFrom] = await Promise.all([
      this.#lines(body.lines, scope, issues),
      this.#consignee(scope, body.consignee, rejected, issues),
      rejected,
    ]);
    const { prefix, code } = nation ? codeFor(body, nation, issues) : { prefix: '', code: '' };
    const p = body.producer;
    const producer = {
      name: required(p.name, '/producer/name', issues, 'the business in Part A2'),
      address: required(p.address, '/producer/address', issues, 'the premises the waste is removed from'),
      postcode: postcodeOf(p.postcode, '/producer/postcode', issues),
      sic_code: nation ? sicCodeOf(p.sic_code, nation, issues) : p.sic_code.trim(),
      contact: required(p.contact, '/producer/contact', issues, 'a contact name'),
      phone: optional(p.phone, '/producer/phone', issues),
      email: optional(p.email, '/producer/email', issues),
      premises_code: nation === 'wales' ? prefix || null : null,
    };
    const a5 = body.waste_producer;
    const wasteProducer = a5 && {
      name: required(a5.name, '/waste_producer/name', issues, 'the business that produced the waste'),
      address: required(a5.address, '/waste_producer/address', issues, 'its address'),
      postcode: postcodeOf(a5.postcode, '/waste_producer/postcode', issues),
    };
    const process = required(body.process, '/process', issues, 'the process giving rise to the waste');
    const carrierNumber = optional(body.carrier?.registration_number, '/carrier/registration_number', issues);
    issues.throwIfAny();

    const now = this.#o.clock.now();
    const today = londonDate(now);
    const content: ConsignmentContent = {
      id: newId('cn'),
      consignment_code: code,
      code_assigned: code === '' ? 'generated' : 'given',
      nation: nation!,
      mode: scope.mode,
      created_at: now.toISOString(),
      producer,
      // Only when given: a note without it is stored, and hashed, as notes were before A5 was asked.
      ...(wasteProducer && { waste_producer: wasteProducer }),
      consignee: consignee!,
      carrier: { registration_number: carrierNumber?.toUpperCase() ?? null },
      process,
      lines,
      multiple_collection: null,
      rejected_from: rejectedFrom && { id: rejectedFrom.id, consignment_code: rejectedFrom.consignment_code },
      retain_until: `${Number(today.slice(0, 4)) + RETENTION_YEARS}${today.slice(4)}`,
    };
    const outcome = await this.#writer.write({
      scope,
      content,
      codePrefix: prefix,
      roundNumber: body.multiple_collection?.round_number.trim().toUpperCase() ?? null,
      siteId: consignee!.site_id,
      idempotency,
    });
    switch (outcome.status) {
      case 'created':
        return { note: outcome.note, replayed: false };
      case 'code_in_use':
        throw new ApiError(
          'CONSIGNMENT_CODE_IN_USE',
          `${outcome.code} is already the code of another of your consignment notes: each consignment has its own. Omit consignment_code to be given the producer's next free one.`,
          [{ field: '/consignment_code', issue: 'is already used' }],
        );
      case 'codes_exhausted':
        throw new ApiError(
          'CONSIGNMENT_CODE_IN_USE',
          `Every five-digit code after ${outcome.prefix}/ has been used: give a code of your own with letters after the slash (e.g. ${outcome.prefix}/A0001).`,
        );
      default: {
        const earlier = await this.#store.findByIdempotencyKey(scope, idempotency!.key, now);
        if (earlier?.requestHash === idempotency!.requestHash) return { note: earlier.note, replayed: true };
        throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      }
    }
  }

  /** Part B lines: every code a hazardous entry of the List, given or classified. */
  async #lines(
    lines: CreateConsignmentNoteBody['lines'],
    scope: ConsignmentScope,
    issues: Issues,
  ): Promise<ConsignmentLine[]> {
    return Promise.all(
      lines.map(async (line, i): Promise<ConsignmentLine> => {
        const field = `/lines/${i}`;
        checkComponents(line.components, `${field}/components`, issues);
        const { code, source, classification } = await this.#codeOf(line, field, scope, issues);
        const entry = code ? this.#o.catalogue.get(code) : undefined;
        return {
          line: i + 1,
          ewc_code: entry ? `${entry.code}${entry.is_hazardous ? '*' : ''}` : '',
          ewc_description: entry?.description ?? '',
          code_source: source,
          classification,
          description: required(line.description, `${field}/description`, issues, 'the waste in plain words'),
          quantity_kg: line.quantity_kg,
          physical_form: line.physical_form,
          colour: optional(line.colour, `${field}/colour`, issues),
          components: line.components.map((c) => ({
            name: c.name.trim(),
            concentration: c.concentration,
            unit: c.unit,
          })),
          hazard_codes: line.hazard_codes,
          container: {
            type: required(line.container.type, `${field}/container/type`, issues, 'the container type'),
            number: line.container.number,
            size_litres: line.container.size_litres ?? null,
          },
          transport: line.transport
            ? {
                un_number: `UN${line.transport.un_number.replace(/\D/g, '')}`,
                proper_shipping_name: required(
                  line.transport.proper_shipping_name,
                  `${field}/transport/proper_shipping_name`,
                  issues,
                  'the proper shipping name (ADR)',
                ),
                un_class: required(
                  line.transport.un_class,
                  `${field}/transport/un_class`,
                  issues,
                  'the ADR class',
                ),
                packing_group: line.transport.packing_group,
                special_handling: optional(
                  line.transport.special_handling,
                  `${field}/transport/special_handling`,
                  issues,
                ),
              }
            : null,
        };
      }),
    );
  }

  async #codeOf(
    line: CreateConsignmentNoteBody['lines'][number],
    field: string,
    scope: ConsignmentScope,
    issues: Issues,
  ): Promise<
    Pick<ConsignmentLine, 'code_source' | 'classification'> & {
      code: string | null;
      source: ConsignmentLine['code_source'];
    }
  > {
    const given = line.ewc_code?.trim();
    if (given) {
      const entry = this.#o.catalogue.get(given);
      if (!entry)
        issues.add('CONSIGNMENT_NOTE_INVALID', `${field}/ewc_code`, 'is not a code in the List of Wastes');
      else if (!entry.is_hazardous) {
        issues.add(
          'NOT_HAZARDOUS_WASTE',
          `${field}/ewc_code`,
          `${entry.code} is not a hazardous entry: non-hazardous waste moves on a transfer note (POST /v1/generate-wtn)`,
        );
      }
      return { code: entry?.code ?? null, source: 'given', code_source: 'given', classification: null };
    }
    if (!line.classify) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `${field}/ewc_code`,
        'is required, or send classify: true to classify the description',
      );
      return { code: null, source: 'given', code_source: 'given', classification: null };
    }
    const result = await this.#o.classifier.classify({ description: line.description.trim() }, 3, scope.mode);
    const model =
      (result as { metadata?: { model_version?: string } }).metadata?.model_version ?? 'classify-waste';
    const open = result.compliance?.assessment_needed;
    // WM3: a mirror-entry waste whose composition is not known is hazardous until assessed, so the line
    // carries the hazardous side with the question open.
    const interim = open?.until_answered.is_hazardous ? open.until_answered.ewc_code : null;
    const top =
      result.classifications[0]?.is_hazardous || !interim
        ? result.classifications[0]
        : (result.classifications.find((c) => c.ewc_code === interim) ?? this.#interimEntry(interim, result));
    if (!top?.is_hazardous) {
      const hazardous = result.classifications.find((c) => c.is_hazardous);
      issues.add(
        'NOT_HAZARDOUS_WASTE',
        `${field}/description`,
        top
          ? `classifies as ${top.ewc_code} (${top.description}), which is not hazardous: non-hazardous waste moves on a transfer note${hazardous ? `; if an assessment shows it is hazardous, give ewc_code (e.g. ${hazardous.ewc_code})` : ''}`
          : 'could not be classified: give ewc_code',
      );
      return { code: null, source: 'classified', code_source: 'classified', classification: null };
    }
    return {
      code: top.ewc_code,
      source: 'classified',
      code_source: 'classified',
      classification: {
        confidence: top.confidence,
        model,
        flags: open ? ['ASSESSMENT_NEEDED'] : [],
        open_question: open?.question ?? null,
      },
    };
  }

  /** The interim hazardous entry WM3 prescribes, with the confidence of the pair the classifier chose. */
  #interimEntry(code: string, result: ClassificationResult) {
    const entry = this.#o.catalogue.get(code);
    if (!entry) return undefined;
    return {
      ewc_code: entry.code,
      description: entry.description,
      is_hazardous: entry.is_hazardous,
      confidence: result.classifications[0]?.confidence ?? 0,
    };
  }

  async #consignee(
    scope: ConsignmentScope,
    given: CreateConsignmentNoteBody['consignee'],
    rejected: Promise<ConsignmentNote | null>,
    issues: Issues,
  ): Promise<ConsignmentContent['consignee'] | null> {
    const siteId = given.site_id?.trim();
    if (siteId) {
      const site = /^[\w-]{1,40}$/.test(siteId) ? await this.#o.site(scope, siteId) : undefined;
      if (!site || site.archived) {
        issues.add(
          'CONSIGNMENT_NOTE_INVALID',
          '/consignee/site_id',
          site ? 'is an archived site' : `is not a receiving site of yours in ${scope.mode} mode (/v1/sites)`,
        );
        return null;
      }
      const permit =
        optional(given.permit_number, '/consignee/permit_number', issues) ??
        site.authorisation_numbers[0] ??
        '';
      return {
        site_id: site.id,
        name: site.name,
        address: site.address.full_address,
        postcode: site.address.postcode,
        permit_number: permit,
      };
    }
    const what = 'the consignee, or give consignee.site_id';
    const name = required(given.name, '/consignee/name', issues, what);
    const address = required(given.address, '/consignee/address', issues, what);
    const postcode = given.postcode?.trim()
      ? postcodeOf(given.postcode, '/consignee/postcode', issues)
      : required(given.postcode, '/consignee/postcode', issues, what);
    const permit = optional(given.permit_number, '/consignee/permit_number', issues);
    // A further note taking rejected waste back where it came from (reg 43) goes to no permitted site:
    // its A4 says so rather than carry a made-up permit number.
    const earlier = await rejected;
    const home = earlier !== null && isPremisesOf({ address, postcode }, earlier.producer);
    if (permit === null && !home) {
      const a2 = earlier?.producer;
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        '/consignee/permit_number',
        a2
          ? `is required: the receiving site's permit number, unless the waste returns to the premises it was removed from, Part A2 of ${earlier.consignment_code}: then give consignee.address and consignee.postcode as there ("${a2.address}", ${a2.postcode}) and no permit number`
          : "is required: the receiving site's permit number",
      );
    }
    return {
      site_id: null,
      name,
      address,
      postcode,
      permit_number: permit ?? '',
      ...(home && { returned_to_producer: true as const }),
    };
  }

  /** A further note moves a load the consignee rejected (reg 43): the note it follows must say so. */
  async #rejectedFrom(
    scope: ConsignmentScope,
    id: string | undefined,
    issues: Issues,
  ): Promise<ConsignmentNote | null> {
    if (id === undefined) return null;
    const earlier = await this.#store.get(scope, id.trim());
    if (!earlier) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        '/rejected_from',
        `is not a consignment note of yours in ${scope.mode} mode`,
      );
      return null;
    }
    if (earlier.status !== 'rejected' && earlier.status !== 'partially_rejected') {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        '/rejected_from',
        `names ${earlier.consignment_code}, whose load was not rejected at Part E (its status is ${earlier.status})`,
      );
      return null;
    }
    return earlier;
  }

  async findIdempotent(scope: ConsignmentScope, key: string) {
    const found = await this.#store.findByIdempotencyKey(scope, key, this.#o.clock.now());
    return found && { requestHash: found.requestHash, body: JSON.stringify(found.note) };
  }

  /** The note, or undefined: for callers that answer its absence their own way. */
  find(scope: ConsignmentScope, id: string): Promise<ConsignmentNote | undefined> {
    return this.#store.get(scope, id);
  }

  async get(scope: ConsignmentScope, id: string): Promise<ConsignmentNote> {
    const note = await this.#store.get(scope, id);
    if (!note) throw consignmentNotFound(id, scope.mode);
    return note;
  }

  async list(scope: ConsignmentScope, query: ListConsignmentNotesQuery) {
    const limit = query.limit ?? 20;
    let after: { createdAt: string; id: string } | undefined;
    if (query.starting_after !== undefined) {
      after = await this.#store.position(scope, query.starting_after.trim());
      if (!after) {
        throw new ApiError(
          'INVALID_REQUEST',
          'starting_after is not the id of one of your consignment notes.',
          [{ field: 'starting_after', issue: 'is not a consignment note of this organisation and mode' }],
        );
      }
    }
    const notes = await this.#store.list(scope, { ...filtersOf(query), after }, limit + 1);
    const page = notes.slice(0, limit);
    const has_more = notes.length > limit;
    return { data: page, has_more, next_starting_after: has_more ? page[page.length - 1].id : null };
  }

  /** Every note matching the filters, newest first, a page at a time (CSV export). */
  async *exportNotes(scope: ConsignmentScope, query: ListConsignmentNotesQuery, pageSize = 500) {
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const notes = await this.#store.list(scope, { ...filtersOf(query), after }, pageSize);
      if (notes.length > 0) yield notes;
      if (notes.length < pageSize) return;
      const last = notes[notes.length - 1];
      after = { createdAt: last.created_at, id: last.id };
    }
  }

  /**
   * Signs one part. The order is checked before the register is asked (a D before C is refused without
   * a call), and again in the write's transaction, which decides.
   */
  async sign(
    scope: ConsignmentScope,
    id: string,
    body: SignConsignmentBody,
    origin: SignatureOrigin,
  ): Promise<ConsignmentNote> {
    const note = await this.get(scope, id);
    checkOrder(note, body.part);
    const issues = new Issues();
    const signer = signerOf(
      body,
      this.#o.clock.now(),
      { method: origin.method, authentication: origin.authentication },
      issues,
    );
    otherPartsFields(body, issues);
    const part = await this.#part(scope, note, body, signer, issues);
    issues.throwIfAny();
    const outcome = await this.#store.sign(
      scope,
      id,
      { ...part, ip: origin.ip, drawing: origin.drawing ?? null },
      origin.link && { tokenSha256: origin.link.tokenSha256, now: signer.signed_at },
    );
    switch (outcome.status) {
      case 'signed':
        return outcome.note;
      case 'already_signed':
      case 'out_of_order':
        checkOrder(await this.get(scope, id), body.part);
        throw new ApiError('ALREADY_SIGNED');
      case 'link_used':
        throw new ApiError('INVALID_REQUEST', 'This signing link has been used or has expired.');
      default:
        throw consignmentNotFound(id, scope.mode);
    }
  }

  async #part(
    scope: ConsignmentScope,
    note: ConsignmentNote,
    body: SignConsignmentBody,
    signer: Signer,
    issues: Issues,
  ): Promise<Omit<NewPart, 'ip' | 'drawing'>> {
    if (body.part === 'D')
      return { part: 'D', document: partD(note, body, signer, issues), status: 'in_transit' };
    if (body.part === 'E') {
      const { part, status } = partE(note, body, signer, issues);
      return { part: 'E', document: part, status, receivedDate: part.received_date };
    }
    const number = carrierNumberFor(note, body, issues);
    const collection = collectionOf(note, body, signer, issues);
    // What is already wrong is refused before the register is asked.
    issues.throwIfAny();
    if (declarableRegisterOf(number) === 'sepa') {
      // The EA register holds no Scottish numbers: the signer's declaration is the only word on it.
      if (!body.declared_registration) throw scottishUndeclared(number);
      checkDeclaredRegister(number, body, issues);
      issues.throwIfAny();
      return {
        part: 'C',
        document: partC(note, body, signer, number, collection, undefined, issues),
        status: 'collected',
      };
    }
    const verification = await this.#o.carriers.verify({ registration_number: number }, scope.mode, {
      deadlineMs: this.#o.registerDeadlineMs,
    });
    refuseUnregistered(number, verification, body.declared_registration !== undefined);
    if (verification.status === 'not_found') checkDeclaredRegister(number, body, issues);
    return {
      part: 'C',
      document: partC(note, body, signer, number, collection, verification, issues),
      status: 'collected',
    };
  }

  /**
   * A single-use link for one part's signer; the token is sent once and kept only as its SHA-256, and
   * the link keeps what it was created with (`linkCreatedWith`) for the part signed on it to record.
   */
  async createSigningLink(
    scope: ConsignmentScope,
    id: string,
    body: ConsignmentSigningLinkBody,
    baseUrl: string,
    createdWith: string,
  ) {
    const note = await this.get(scope, id);
    if (note.parts[body.part]) throw alreadySigned(note, body.part);
    const now = this.#o.clock.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(
      now.getTime() + (body.expires_in_hours ?? DEFAULT_LINK_HOURS) * HOUR_MS,
    ).toISOString();
    const linkId = newId('sl');
    await this.#store.addSigningLink({
      token_sha256: tokenSha256(token),
      id: linkId,
      note_id: id,
      organisation_id: scope.organisationId,
      mode: scope.mode,
      part: body.part,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
      created_with: createdWith,
    });
    return {
      id: linkId,
      url: `${baseUrl.replace(/\/+$/, '')}/sign/consignment/${token}`,
      part: body.part,
      expires_at: expiresAt,
    };
  }

  /** What a signing link opens: the note and the part to sign, or why it cannot be signed now. */
  async signingPage(token: string): Promise<ConsignmentSigningPage> {
    const link = await this.#store.signingLink(tokenSha256(token));
    if (!link) return { state: 'not_found' };
    const note = await this.#store.get(
      { organisationId: link.organisation_id, mode: link.mode },
      link.note_id,
    );
    if (!note) return { state: 'not_found' };
    const part = link.part;
    if (note.parts[part]) return { state: 'already_signed', note, part };
    if (link.used_at) return { state: 'used', note, part };
    if (link.expires_at <= this.#o.clock.now().toISOString()) return { state: 'expired', note, part };
    const previous = PREVIOUS[part];
    if (previous && !note.parts[previous]) return { state: 'waiting', note, part, waitingFor: previous };
    return { state: 'open', note, part, expiresAt: link.expires_at };
  }

  /**
   * Signs the link's part with what the page's form gave: refused as the API refuses (ApiError, shown on
   * the page), and the link is used up by the signature, in the same transaction, or not at all.
   */
  async signWithLink(
    token: string,
    body: Omit<SignConsignmentBody, 'part'>,
    origin: { ip: string | null; drawing: string | null },
  ): Promise<ConsignmentSigningPage> {
    const page = await this.signingPage(token);
    if (page.state !== 'open') return page;
    // The API's schema holds for a form too (lengths, date and time formats): a page is no way round it.
    const signing = { ...body, part: page.part };
    const problems = Value.Errors(SignConsignmentBody, signing);
    if (problems.length > 0) {
      throw new ApiError(
        'INVALID_REQUEST',
        'The form is not valid: see details.',
        validationDetails(problems, 'body'),
      );
    }
    const link = (await this.#store.signingLink(tokenSha256(token)))!;
    try {
      const note = await this.sign(
        { organisationId: link.organisation_id, mode: link.mode },
        link.note_id,
        signing,
        {
          ip: origin.ip,
          method: 'signing_link',
          drawing: origin.drawing,
          link: { tokenSha256: link.token_sha256 },
          authentication: linkAuthentication(link),
        },
      );
      return { state: 'used', note, part: link.part };
    } catch (error) {
      // A second tap, a signature through the API or the link's expiry came first: the page says which.
      const now = await this.signingPage(token);
      if (now.state !== 'open') return now;
      throw error;
    }
  }

  async renderPdf(scope: ConsignmentScope, note: ConsignmentNote): Promise<Buffer> {
    const drawings = note.status === 'awaiting_collection' ? {} : await this.#store.drawings(scope, note.id);
    return renderConsignmentPdf(note, { drawings, today: londonDate(this.#o.clock.now()) });
  }

  /** The notes Part E received at a site between two dates, for its quarterly return. */
  receivedAtSite(scope: ConsignmentScope, siteId: string, from: string, to: string) {
    return this.#store.receivedAtSite(scope, siteId, from, to);
  }

  /** Waits for notes being written, so a shutdown never drops one already accepted. */
  stop(): Promise<void> {
    return this.#writer.flush();
  }
}

const PREVIOUS: Record<Part, Part | null> = { C: null, D: 'C', E: 'D' };
const WHO: Record<Part, string> = { C: 'the carrier', D: 'the consignor', E: 'the consignee' };

function alreadySigned(note: ConsignmentNote, part: Part): ApiError {
  const signed = note.parts[part]!;
  return new ApiError(
    'ALREADY_SIGNED',
    `Part ${part} of ${note.consignment_code} was signed by ${signed.name} at ${signed.signed_at}. Each part is signed once.`,
  );
}

/** Part C before D before E (SI 2005/894 reg 36): the refusal names the part that must come first. */
function checkOrder(note: ConsignmentNote, part: Part): void {
  if (note.parts[part]) throw alreadySigned(note, part);
  const previous = PREVIOUS[part];
  if (previous && !note.parts[previous]) {
    throw new ApiError(
      'PART_OUT_OF_ORDER',
      `Part ${previous} (${WHO[previous]}) must be signed before Part ${part} (${WHO[part]}).`,
      [{ field: '/part', issue: `needs Part ${previous} signed first` }],
    );
  }
}

function filtersOf(query: ListConsignmentNotesQuery) {
  const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();
  return {
    status: query.status,
    consignmentCode: query.consignment_code ? normaliseCode(query.consignment_code) : undefined,
    createdFrom: query.created_from ? `${query.created_from}T00:00:00.000Z` : undefined,
    createdTo: query.created_to ? dayAfter(query.created_to) : undefined,
  };
}
