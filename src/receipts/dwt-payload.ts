import type { ErrorDetail } from '../platform/errors.ts';
import {
  COMPONENT_SOURCES,
  MEANS_OF_TRANSPORT,
  NO_CONSIGNMENT_REASONS,
  NO_REGISTRATION_REASONS,
  PHYSICAL_FORMS,
  toDwt,
  WEIGHT_UNITS,
} from './dwt-vocabulary.ts';
import type { AddressInput, WasteItemInput } from './receipt-schemas.ts';
import type { ReceiptContent } from './receipt-types.ts';
import type { Receiver } from './site-types.ts';

type Json = Record<string, unknown>;

/** Drops undefined values so the payload carries only what was given (DWT refuses unknown keys, not absent ones). */
const compact = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const address = (a: AddressInput | undefined) =>
  a && compact({ fullAddress: a.full_address, postcode: a.postcode });

const weight = (w: NonNullable<WasteItemInput['weight']>) => ({
  metric: toDwt(WEIGHT_UNITS, w.unit),
  amount: w.amount,
  isEstimate: w.is_estimate,
});

function wasteItem(item: WasteItemInput): Json {
  const { pops, hazardous } = item;
  return compact({
    ewcCodes: item.ewc_codes,
    wasteDescription: item.description,
    physicalForm: item.physical_form && toDwt(PHYSICAL_FORMS, item.physical_form),
    numberOfContainers: item.number_of_containers,
    typeOfContainers: item.container_type,
    weight: item.weight && weight(item.weight),
    containsPops: item.contains_pops,
    pops:
      pops &&
      compact({
        sourceOfComponents: pops.source_of_components && toDwt(COMPONENT_SOURCES, pops.source_of_components),
        components: pops.components?.map((c) => compact({ code: c.code, concentration: c.concentration })),
      }),
    containsHazardous: item.contains_hazardous,
    hazardous:
      hazardous &&
      compact({
        sourceOfComponents:
          hazardous.source_of_components && toDwt(COMPONENT_SOURCES, hazardous.source_of_components),
        hazCodes: hazardous.hp_codes,
        components: hazardous.components?.map((c) =>
          compact({ name: c.name, concentration: c.concentration }),
        ),
      }),
    disposalOrRecoveryCodes: item.disposal_or_recovery_codes?.map((d) => ({
      code: d.code,
      weight: weight(d.weight),
    })),
  });
}

/**
 * The body of DWT's `POST /movements/receive` and `PUT /movements/{id}/receive` (DEFRA Receipt API
 * receiveMovementRequest): our receipt in DWT's field names, with the receiving site's details and API
 * code. Our receipt id travels in otherReferencesForMovement so the movement can be found from it.
 */
export function dwtPayload(receiptId: string, content: ReceiptContent, receiver: Receiver): Json {
  const carrier = content.carrier;
  const broker = content.broker_or_dealer;
  return compact({
    apiCode: receiver.dwt_api_code,
    dateTimeReceived: content.received_at,
    hazardousWasteConsignmentCode: content.hazardous_waste_consignment_code ?? undefined,
    reasonForNoConsignmentCode:
      content.reason_for_no_consignment_code &&
      toDwt(NO_CONSIGNMENT_REASONS, content.reason_for_no_consignment_code),
    yourUniqueReference: content.your_reference,
    otherReferencesForMovement: [
      ...(content.other_references ?? []),
      { label: 'Waste Compliance Service receipt', reference: receiptId },
    ],
    specialHandlingRequirements: content.special_handling_requirements,
    wasteItems: (content.waste_items ?? []).map(wasteItem),
    carrier:
      carrier &&
      compact({
        registrationNumber: carrier.registration_number ?? null,
        reasonForNoRegistrationNumber:
          carrier.reason_for_no_registration_number &&
          toDwt(NO_REGISTRATION_REASONS, carrier.reason_for_no_registration_number),
        organisationName: carrier.organisation_name,
        address: address(carrier.address),
        emailAddress: carrier.email,
        phoneNumber: carrier.phone,
        meansOfTransport: toDwt(MEANS_OF_TRANSPORT, carrier.means_of_transport),
        otherMeansOfTransport: carrier.other_means_of_transport,
        vehicleRegistration: carrier.vehicle_registration,
      }),
    brokerOrDealer:
      broker &&
      compact({
        organisationName: broker.organisation_name,
        address: address(broker.address),
        registrationNumber: broker.registration_number,
        phoneNumber: broker.phone,
        emailAddress: broker.email,
      }),
    receiver: compact({
      siteName: receiver.name,
      authorisationNumber: content.authorisation_number,
      regulatoryPositionStatements: content.regulatory_position_statements,
      emailAddress: receiver.email,
      phoneNumber: receiver.phone,
    }),
    receipt: { address: { fullAddress: receiver.address.full_address, postcode: receiver.address.postcode } },
  });
}

// DWT names that are not simply our names in camelCase.
const RENAMES: Record<string, string> = {
  wasteDescription: 'description',
  typeOfContainers: 'container_type',
  metric: 'unit',
  hazCodes: 'hp_codes',
  emailAddress: 'email',
  phoneNumber: 'phone',
  dateTimeReceived: 'received_at',
  yourUniqueReference: 'your_reference',
  otherReferencesForMovement: 'other_references',
};
// Fields that come from the receiving site rather than the receipt body.
const SITE_FIELDS: Record<string, string> = {
  apiCode: '/site/dwt_api_code',
  'receiver.siteName': '/site/name',
  'receiver.emailAddress': '/site/email',
  'receiver.phoneNumber': '/site/phone',
  'receiver.authorisationNumber': '/authorisation_number',
  'receiver.regulatoryPositionStatements': '/regulatory_position_statements',
  'receipt.address': '/site/address',
};

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A DWT error key ("wasteItems.0.ewcCodes.0") as the JSON pointer of our field ("/waste_items/0/ewc_codes/0"). */
export function ourField(dwtKey: string): string {
  for (const [prefix, field] of Object.entries(SITE_FIELDS)) {
    if (dwtKey === prefix || dwtKey.startsWith(`${prefix}.`))
      return field + dwtKey.slice(prefix.length).replaceAll('.', '/');
  }
  if (!dwtKey) return '/';
  return `/${dwtKey
    .split('.')
    .map((part) => RENAMES[part] ?? snake(part))
    .join('/')}`;
}

export interface DwtFieldError {
  key: string;
  errorType: string;
  message: string;
}

/** DWT's validation errors as our `details`, keeping DWT's own words and category for the audit trail. */
export function ourDetails(
  errors: DwtFieldError[],
): (ErrorDetail & { dwt_key: string; dwt_error_type: string })[] {
  return errors.map((e) => ({
    field: ourField(e.key),
    issue: e.message,
    dwt_key: e.key,
    dwt_error_type: e.errorType,
  }));
}
