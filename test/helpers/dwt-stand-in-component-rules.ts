import Joi, { type CustomHelpers } from 'joi';
import { HAZARDOUS_PROPERTY_CODES, POP_CODES, SOURCES_OF_COMPONENTS } from './dwt-stand-in-codes.ts';

/**
 * DWT's rules for a waste item's `pops` and `hazardous` blocks (waste-movement-utils src/schemas/waste.js):
 * when the waste contains POPs or hazardous substances, say how the components were determined; a
 * receiver who determined them (GUIDANCE, OWN_TESTING) lists them; nobody lists components that were
 * NOT_PROVIDED or that the waste does not contain. Hazardous waste also names its HP codes (WM3 ch. 3).
 */

type Kind = 'pops' | 'hazardous';

const containsField = (kind: Kind) => (kind === 'pops' ? 'containsPops' : 'containsHazardous');

/** The item index in `['wasteItems', 0, 'pops', ...]` (DWT's backend nests the body one level deeper). */
const itemIndex = (path: (string | number)[] = []) =>
  path[Number.isInteger(path[0]) || path[0] === 'movement' ? 2 : 1];

/** These rules sit above the field they name, so they write the field's label into the message themselves. */
const label = (helpers: CustomHelpers, kind: Kind, field: string) =>
  `"wasteItems[${itemIndex(helpers.state.path)}].${kind}.${field}"`;

const hasItems = (value: unknown) => Array.isArray(value) && value.length > 0;

function requirePresence(kind: Kind) {
  return (value: unknown, helpers: CustomHelpers) => {
    const item = helpers.state.ancestors[0];
    const { sourceOfComponents, components } = item[kind];
    if (item[containsField(kind)] !== true) return value;
    const fail = (code: string, field: string) =>
      helpers.error(
        code,
        { message: `${label(helpers, kind, field)} is required when ${containsField(kind)} is true` },
        { path: [...(helpers.state.path ?? []), field] },
      );
    if (!sourceOfComponents)
      return fail('BusinessRuleViolation.sourceOfComponentsRequired', 'sourceOfComponents');
    // Only PROVIDED_WITH_WASTE may leave components out: the receiver may not have been given them.
    if (['GUIDANCE', 'OWN_TESTING'].includes(sourceOfComponents) && components == null) {
      return fail('BusinessRuleViolation.componentsRequired', 'components');
    }
    return value;
  };
}

function refuseUnwantedComponents(kind: Kind) {
  return (value: unknown, helpers: CustomHelpers) => {
    const item = helpers.state.ancestors[1];
    const { sourceOfComponents, components } = item[kind];
    const where = label(helpers, kind, 'components');
    if (item[containsField(kind)] === true && sourceOfComponents === 'NOT_PROVIDED' && hasItems(components)) {
      return helpers.error('BusinessRuleViolation.componentsNotAllowed', {
        message: `${where} must not be provided when sourceOfComponents is NOT_PROVIDED`,
      });
    }
    if (item[containsField(kind)] === false && hasItems(components)) {
      return helpers.error('BusinessRuleViolation.componentsNotAllowedWhenFalse', {
        message: `${where} must not be provided when ${containsField(kind)} is false`,
      });
    }
    return value;
  };
}

const asMessage = '{{#message}}';
const sourceOfComponents = Joi.string().valid(...SOURCES_OF_COMPONENTS);
const concentration = Joi.number().strict().positive().allow(null);

const components = (kind: Kind, component: Joi.ObjectSchema) =>
  Joi.array().items(component).empty(null).custom(refuseUnwantedComponents(kind)).messages({
    'BusinessRuleViolation.componentsNotAllowed': asMessage,
    'BusinessRuleViolation.componentsNotAllowedWhenFalse': asMessage,
  });

const popComponent = Joi.object({
  // DWT sets two empty values in a row; Joi keeps the last, so only null counts as absent.
  code: Joi.string()
    .empty('')
    .empty(null)
    .custom((value: string, helpers) =>
      POP_CODES.includes(value) ? value : helpers.error('InvalidValue.popCode'),
    )
    .required()
    .messages({ 'InvalidValue.popCode': '{{#label}} contains an invalid POP code' }),
  concentration,
});

const hazardousComponent = Joi.object({
  name: Joi.string().empty('').empty(null).required(),
  concentration,
});

export const pops = Joi.object({
  sourceOfComponents,
  components: components('pops', popComponent),
})
  .empty(null)
  .custom(requirePresence('pops'))
  .messages({
    'BusinessRuleViolation.sourceOfComponentsRequired': asMessage,
    'BusinessRuleViolation.componentsRequired': asMessage,
  });

export const hazardous = Joi.object({
  sourceOfComponents,
  hazCodes: Joi.array()
    .items(Joi.string().valid(...HAZARDOUS_PROPERTY_CODES))
    .custom((codes: string[]) => (codes.length > 0 ? [...new Set(codes)] : codes), 'HP codes deduplication'),
  components: components('hazardous', hazardousComponent),
})
  .empty(null)
  .custom((value, helpers) => {
    const index = itemIndex(helpers.state.path);
    const item = helpers.state.ancestors[1][index];
    if (item.containsHazardous && item.hazardous.sourceOfComponents && !hasItems(item.hazardous.hazCodes)) {
      return helpers.error('BusinessRuleViolation.hazCodesRequired', {
        message: `"wasteItems[${index}].hazardous.hazCodes" is required when containsHazardous is true`,
      });
    }
    return value;
  })
  .custom(requirePresence('hazardous'))
  .messages({
    'BusinessRuleViolation.hazCodesRequired': asMessage,
    'BusinessRuleViolation.sourceOfComponentsRequired': asMessage,
    'BusinessRuleViolation.componentsRequired': asMessage,
  });
