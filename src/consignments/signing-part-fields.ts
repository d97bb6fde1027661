import { readableKg } from '../platform/signing/signing-facts.ts';
import type { FormErrors } from '../platform/signing/signing-form.ts';
import { describedBy, field, fieldError, textField } from '../platform/signing/signing-form-view.ts';
import { type Html, html } from '../portal/html.ts';
import { type ConsignmentLine, type ConsignmentNote, OPERATIONS, type Part } from './consignment-schemas.ts';
import { DECLARABLE, declarableRegisterOf, premisesContact } from './part-rules.ts';
import { containerText } from './pdf/wording.ts';
import { boxFor, lineField, REGISTER_CHECKED, rejectedPartField } from './signing-form.ts';

/**
 * Recovery (R) and disposal (D) operations, shortened from Waste Framework Directive Annex II and
 * Annex I, so the consignee picks by what is done rather than by number.
 */
const OPERATION_NAMES: Record<string, string> = {
  R1: 'Use as a fuel to generate energy',
  R2: 'Solvent reclamation or regeneration',
  R3: 'Recycling of organic substances',
  R4: 'Recycling of metals and metal compounds',
  R5: 'Recycling of other inorganic materials',
  R6: 'Regeneration of acids or bases',
  R7: 'Recovery of pollution abatement components',
  R8: 'Recovery of components from catalysts',
  R9: 'Oil re-refining or other reuses of oil',
  R10: 'Land treatment benefiting agriculture or ecology',
  R11: 'Use of wastes from R1 to R10',
  R12: 'Exchange for R1 to R11',
  R13: 'Storage pending R1 to R12',
  D1: 'Deposit into or onto land (landfill)',
  D2: 'Land treatment',
  D3: 'Deep injection',
  D4: 'Surface impoundment',
  D5: 'Specially engineered landfill',
  D6: 'Release into a water body',
  D7: 'Release to seas or oceans',
  D8: 'Biological treatment before D1 to D12',
  D9: 'Physico-chemical treatment before D1 to D12',
  D10: 'Incineration on land',
  D11: 'Incineration at sea',
  D12: 'Permanent storage',
  D13: 'Blending or mixing before D1 to D12',
  D14: 'Repackaging before D1 to D13',
  D15: 'Storage pending D1 to D14',
};

type Values = Record<string, string>;

/** Part C: the carrier's registration (checked with the register on signing), the vehicle and when. */
function partCFields(values: Values, errors: FormErrors): Html {
  return html`${textField({
    id: 'registration_number',
    label: 'Carrier registration number',
    hint: 'Checked with the Environment Agency’s public register when you sign. For example: CBDU123456.',
    value: values.registration_number,
    errors,
    attributes: html` required maxlength="60" autocomplete="off" autocapitalize="characters" spellcheck="false"`,
  })}
    ${textField({
      id: 'vehicle_registration',
      label: 'Vehicle registration',
      hint: 'Of the vehicle collecting the waste.',
      value: values.vehicle_registration,
      errors,
      attributes: html` required maxlength="20" autocomplete="off" autocapitalize="characters" spellcheck="false"`,
    })}
    <div class="field-pair">
      ${textField({ id: 'collection_date', label: 'Collection date', type: 'date', value: values.collection_date, errors })}
      ${textField({ id: 'collection_time', label: 'Time (UK)', type: 'time', value: values.collection_time, errors })}
    </div>
    ${values.declared_number ? declaration(values, errors) : ''}`;
}

/** Offered only once the EA register has not held this number (signing-form.ts, offerDeclaration). */
function declaration(values: Values, errors: FormErrors): Html {
  const key = declarableRegisterOf(values.declared_number);
  const register = DECLARABLE[key];
  const why =
    key === 'sepa'
      ? 'The Environment Agency’s register holds no Scottish numbers. SEPA keeps its own register, which this page cannot check'
      : 'The Environment Agency’s register does not hold this number. NRW keeps its own register, which this page cannot check';
  return html`<input type="hidden" name="declared_number" value="${values.declared_number}">
    <div class="field checkbox${errors.register_checked ? ' field--error' : ''}">
      ${fieldError('register_checked', errors)}
      <input id="register_checked" name="register_checked" type="checkbox" value="${REGISTER_CHECKED}"${values.register_checked === REGISTER_CHECKED ? html` checked` : ''}${describedBy('register_checked', errors, 'register_checked-hint')}>
      <label for="register_checked">${boxFor(key)}: I have checked ${values.declared_number} on ${register.name}’s public register</label>
      <p class="hint" id="register_checked-hint">${why}: tick only if ${register.short} lists the carrier as registered.</p>
    </div>
    ${textField({
      id: 'declared_carrier_name',
      label: `Carrier’s name on ${register.short}’s register`,
      hint: `As ${register.short}’s register shows it. Needed when you tick the box.`,
      value: values.declared_carrier_name ?? '',
      errors,
      attributes: html` maxlength="200" autocomplete="off"`,
    })}`;
}

function acceptedRadios(i: number, value: string, errors: FormErrors): Html {
  const id = lineField(i, 'accepted');
  const radio = (choice: 'accepted' | 'rejected' | 'partly', inputId: string, label: string) =>
    html`<div class="radio"><input type="radio" id="${inputId}" name="${id}" value="${choice}"${value === choice ? html` checked` : ''}${describedBy(id, errors)}><label for="${inputId}">${label}</label></div>`;
  return html`<fieldset class="field radios${errors[id] ? ' field--error' : ''}">
    <legend class="label">Accepted or rejected</legend>
    ${fieldError(id, errors)}
    ${radio('accepted', id, 'Accepted')}
    ${radio('rejected', `${id}-rejected`, 'Rejected')}
    ${radio('partly', `${id}-partly`, 'Part accepted, part rejected')}
  </fieldset>`;
}

function operationSelect(i: number, value: string, errors: FormErrors): Html {
  const id = lineField(i, 'operation');
  const option = (code: string) =>
    html`<option value="${code}"${value === code ? html` selected` : ''}>${code} ${OPERATION_NAMES[code]}</option>`;
  return field(
    id,
    errors,
    html`<label for="${id}">Operation</label>
      <p class="hint" id="${id}-hint">What will be done with the waste. Needed when it is accepted.</p>
      ${fieldError(id, errors)}
      <select id="${id}" name="${id}"${describedBy(id, errors, `${id}-hint`)}>
        <option value=""${value ? '' : html` selected`}>Choose an operation</option>
        <optgroup label="Recovery">${OPERATIONS.filter((o) => o.startsWith('R')).map(option)}</optgroup>
        <optgroup label="Disposal">${OPERATIONS.filter((o) => o.startsWith('D')).map(option)}</optgroup>
      </select>`,
  );
}

function reasonField(i: number, value: string, errors: FormErrors): Html {
  const id = lineField(i, 'rejection_reason');
  return field(
    id,
    errors,
    html`<label for="${id}">Reason for rejection <span class="optional">(if any is rejected)</span></label>
      ${fieldError(id, errors)}
      <textarea id="${id}" name="${id}" rows="2" maxlength="1000"${describedBy(id, errors)}>${value}</textarea>`,
  );
}

/** Part E asks, for each line of Part B, what arrived, whether it is accepted, and what becomes of it. */
function receivedLine(line: ConsignmentLine, i: number, values: Values, errors: FormErrors): Html {
  const quantity = lineField(i, 'quantity_received_kg');
  return html`<fieldset class="received-line">
    <legend>Line ${line.line}: <span class="code">${line.ewc_code}</span> ${line.description}</legend>
    ${textField({
      id: quantity,
      label: 'Quantity received (kg)',
      hint: `Part B says ${readableKg(line.quantity_kg)}, ${containerText(line.container)}.`,
      value: values[quantity] ?? '',
      errors,
      attributes: html` required inputmode="decimal" autocomplete="off" spellcheck="false"`,
    })}
    ${acceptedRadios(i, values[lineField(i, 'accepted')] ?? '', errors)}
    ${textField({
      id: rejectedPartField(i),
      label: 'Quantity rejected (kg)',
      optional: true,
      hint: 'Only when part of this line is rejected: how much of the quantity received. The rest is accepted.',
      value: values[rejectedPartField(i)] ?? '',
      errors,
      attributes: html` inputmode="decimal" autocomplete="off" spellcheck="false"`,
    })}
    ${reasonField(i, values[lineField(i, 'rejection_reason')] ?? '', errors)}
    ${operationSelect(i, values[lineField(i, 'operation')] ?? '', errors)}
  </fieldset>`;
}

function partEFields(note: ConsignmentNote, values: Values, errors: FormErrors): Html {
  const round = note.multiple_collection;
  return html`<div class="field-pair">
      ${textField({ id: 'received_date', label: 'Date received', type: 'date', value: values.received_date, errors })}
      ${textField({ id: 'received_time', label: 'Time (UK)', type: 'time', value: values.received_time ?? '', errors })}
    </div>
    ${textField({
      id: 'vehicle_registration',
      label: 'Vehicle registration',
      hint: 'Of the vehicle that delivered the waste, or the mode of transport if not road (for example RAIL).',
      value: values.vehicle_registration ?? '',
      errors,
      attributes: html` required maxlength="20" autocomplete="off" autocapitalize="characters" spellcheck="false"`,
    })}
    ${
      note.consignee.permit_number &&
      textField({
        id: 'permit_number',
        label: 'Permit or exemption number',
        hint: 'The waste permit or exempt waste operation number that authorises this waste at the address in A4: you certify it below.',
        value: values.permit_number ?? '',
        errors,
        attributes: html` maxlength="60" autocomplete="off" spellcheck="false"`,
      })
    }
    ${
      round &&
      textField({
        id: 'consignments_in_collection',
        label: 'Consignments in the collection',
        hint: `This note is collection ${round.collection_number} of round ${round.round_number}: how many consignments formed the collection the vehicle brought.`,
        value: values.consignments_in_collection ?? '',
        errors,
        attributes: html` required inputmode="numeric" pattern="[0-9]*" autocomplete="off"`,
      })
    }
    ${note.lines.map((line, i) => receivedLine(line, i, values, errors))}`;
}

/** The fields a part adds to the name and position: who the signer signs for, and the part's own. */
export function partFields(note: ConsignmentNote, part: Part, values: Values, errors: FormErrors): Html {
  const onBehalf = textField({
    id: 'on_behalf_of',
    label: 'On behalf of',
    optional: true,
    hint: 'The business you sign for, if it is not you.',
    value: values.on_behalf_of ?? '',
    errors,
    attributes: html` maxlength="200" autocomplete="organization"`,
  });
  if (part === 'C') return html`${onBehalf}${partCFields(values, errors)}`;
  if (part === 'E') return html`${onBehalf}${partEFields(note, values, errors)}`;
  return html`${onBehalf}${partDFields(note, values, errors)}`;
}

/**
 * Part D asks for what Part A2 lacks (nothing, or something that is none, "tbc"): a note without the
 * premises' telephone or email must not be used (part-rules.ts, partD).
 */
function partDFields(note: ConsignmentNote, values: Values, errors: FormErrors): Html {
  const ask = (kind: 'phone' | 'email') => {
    const { value, from } = premisesContact(note, kind);
    if (from !== null) return '';
    const what = kind === 'phone' ? 'telephone' : 'email';
    const lacks = value
      ? `Part A2 gives “${value}”, which is not a ${what}`
      : 'Part A2 of this note has none';
    return textField({
      id: `premises_${kind}`,
      label: kind === 'phone' ? 'Telephone of the premises' : 'Email of the premises',
      type: kind === 'phone' ? 'tel' : 'email',
      hint: `${lacks}, and a consignment note must give one. Recorded as yours, in Part D.`,
      value: values[`premises_${kind}`] ?? '',
      errors,
      attributes:
        kind === 'phone'
          ? html` required maxlength="40" autocomplete="tel"`
          : html` required maxlength="254" autocomplete="email" spellcheck="false"`,
    });
  };
  return html`${ask('phone')}${ask('email')}`;
}
