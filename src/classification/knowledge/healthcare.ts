// biome-ignore-all format: lexicon data stays one entry per line so reviewers can scan terms and codes
// Healthcare and related wastes (LoW chapter 18) following GOV.UK "Classify different types of waste:
// healthcare and related wastes" and HTM 07-01; municipal offensive (hygiene) waste is 20 01 99.
import type { ConceptDef } from './types.ts';

const HC = 'GOV.UK Classify different types of waste: healthcare and related wastes';

export const healthcareConcepts: ConceptDef[] = [
  {
    id: 'sharps',
    terms: ['sharps', 'sharps bin', 'sharps bins', 'sharps box', 'sharps boxes', 'sharps containers', 'needles', 'needle', 'syringes', 'syringe', 'needles and syringes', 'scalpels', 'scalpel blades', 'lancets', 'hypodermic', 'hypodermic needles', 'insulin pens', 'used needles', 'tattoo needles', 'cannulas'],
    codes: ['18 01 03', '18 02 02@0.55', '18 01 01@0.4', '18 02 01@0.3'],
    flags: ['SHARPS', 'CLINICAL_WASTE'],
    note: 'sharps',
    source: `${HC}: infectious waste including sharps 18 01 03* (animal 18 02 02*)`,
  },
  {
    id: 'infectious',
    terms: ['clinical waste', 'infectious waste', 'infectious clinical waste', 'orange bag', 'orange bags', 'orange bag waste', 'yellow bag', 'yellow bags', 'yellow bag waste', 'medical waste', 'hazardous clinical waste', 'contaminated dressings', 'soiled dressings', 'blood soaked', 'bodily fluids', 'body fluids', 'infected waste', 'clinical', 'biohazard', 'biohazardous', 'microbiological cultures', 'lab cultures', 'swabs'],
    codes: ['18 01 03<18 01 04', '18 02 02@0.55<18 02 03', '18 01 04@0.25'],
    evidence: 'infectious',
    flags: ['CLINICAL_WASTE'],
    note: 'clinical',
    source: `${HC}: infectious waste 18 01 03* (animal healthcare 18 02 02*)`,
  },
  {
    id: 'dressings',
    terms: ['dressings', 'bandages', 'wound dressings', 'plasters medical', 'gauze'],
    codes: ['18 01 04>18 01 03', '18 02 03@0.5>18 02 02'],
    specificity: 0.8,
    source: `${HC}: outer dressings not infectious are offensive 18 01 04; infectious 18 01 03*`,
  },
  {
    id: 'offensive',
    terms: ['offensive waste', 'tiger bag', 'tiger bags', 'tiger stripe bags', 'yellow and black bags', 'noninfectious', 'noninfectious waste', 'noninfectious healthcare waste', 'healthcare offensive waste', 'gloves and aprons', 'aprons', 'medical gloves', 'non hazardous clinical waste'],
    codes: ['18 01 04', '20 01 99@0.6', '18 02 03@0.6'],
    flags: ['OFFENSIVE_WASTE'],
    note: 'offensive',
    source: `${HC}: healthcare offensive waste 18 01 04 (animal 18 02 03)`,
  },
  {
    id: 'hygiene',
    terms: ['sanitary waste', 'sanitary towels', 'sanitary bins', 'sanitary bin', 'sanitary bin waste', 'feminine hygiene', 'feminine hygiene waste', 'hygiene waste', 'nappies', 'nappy waste', 'incontinence pads', 'incontinence waste', 'adult nappies', 'pads', 'tampons', 'washroom waste'],
    codes: ['20 01 99', '18 01 04@0.35', '20 03 01@0.2'],
    flags: ['OFFENSIVE_WASTE'],
    note: 'offensive',
    source: `${HC}: municipal offensive waste (hygiene waste, nappies, incontinence pads) 20 01 99`,
  },
  {
    id: 'medicines',
    terms: ['medicines', 'medicine', 'pharmaceuticals', 'pharmaceutical waste', 'drugs', 'tablets', 'pills', 'out of date medicines', 'expired medicines', 'expired medication', 'medication', 'prescription drugs', 'returned medicines', 'controlled drugs', 'vaccines', 'inhalers', 'capsules', 'denatured drugs', 'blue bin medicines', 'blue lidded', 'noncytotoxic', 'noncytostatic', 'noncytotoxic medicines'],
    codes: ['18 01 09', '20 01 32@0.75h', '18 02 08@0.6', '07 05 14@0.25'],
    note: 'medicines',
    source: `${HC}: waste medicines other than cytotoxic/cytostatic 18 01 09 (household 20 01 32)`,
  },
  {
    // HTM 07-01 and GOV.UK: medicines the public hands back to a community pharmacy are household waste
    // (20 01 32; cytotoxic 20 01 31*), unlike a pharmacy's or practice's own expired stock (18 01 09).
    id: 'medicines-take-back',
    terms: ['medicines handed back', 'medication handed back', 'drugs handed back', 'tablets handed back', 'prescriptions handed back', 'handed back over the counter', 'handed in over the counter', 'medicines handed in', 'medicines take back', 'medicines take back scheme', 'pharmacy take back', 'take back medicines', 'household medicines', 'medicines from home', 'unwanted medicines from the public', 'doop bin', 'dump medicines', 'doop', 'patient returned medicines', 'patients returned medicines', 'returned patients medicines', 'returned patient medicines', 'patient returned medication', 'patients own medicines returned', 'patient returned', 'patient returns', 'patients returns', 'returned by patients', 'returned by the public', 'returned by householders'],
    cooccur: [['medicine', 'medication', 'drug', 'tablet', 'pill', 'inhaler', 'prescription'], ['handed']],
    codes: ['20 01 32', '18 01 09@0.3'],
    note: 'medicines',
    source: `${HC}; HTM 07-01 community pharmacy: household medicines returned by the public 20 01 32 (cytotoxic 20 01 31*)`,
  },
  {
    id: 'animal-medicines',
    terms: ['animal medicines', 'veterinary medicines', 'vet medicines', 'animal medication', 'wormers', 'animal vaccines', 'livestock medicines', 'vet meds'],
    codes: ['18 02 08', '18 01 09@0.3'],
    note: 'medicines',
    source: `${HC}: animal healthcare medicines 18 02 08 (cytotoxic 18 02 07*)`,
  },
  {
    id: 'cytotoxic',
    terms: ['cytotoxic', 'cytostatic', 'cytotoxic drugs', 'cytotoxic medicines', 'chemotherapy', 'chemo', 'chemotherapy drugs', 'purple bin', 'purple lidded', 'purple lidded bin', 'hormonal drugs', 'antineoplastic'],
    codes: ['18 01 08', '18 02 07@0.6', '20 01 31@0.5h'],
    evidence: 'cytotoxic',
    flags: ['CYTOTOXIC_CYTOSTATIC', 'CLINICAL_WASTE'],
    note: 'cytotoxic',
    source: `${HC}: cytotoxic and cytostatic medicines 18 01 08* (animal 18 02 07*)`,
  },
  {
    id: 'anatomical',
    terms: ['body parts', 'placenta', 'placentas', 'organs', 'anatomical waste', 'anatomical', 'human tissue', 'amputations', 'blood bags', 'blood preserves', 'red bin'],
    codes: ['18 01 02', '18 01 03@0.3'],
    flags: ['CLINICAL_WASTE'],
    note: 'clinical',
    source: `${HC}: anatomical waste 18 01 02 (incineration)`,
  },
  {
    id: 'amalgam',
    terms: ['amalgam', 'dental amalgam', 'amalgam capsules', 'amalgam separator', 'amalgam waste', 'amalgam fillings', 'teeth with amalgam', 'extracted teeth'],
    codes: ['18 01 10'],
    flags: ['MERCURY'],
    note: 'amalgam',
    source: `${HC}: amalgam waste from dental care 18 01 10*`,
  },
  {
    id: 'plaster-casts',
    terms: ['plaster casts', 'plaster cast', 'casts', 'dental moulds', 'impression moulds', 'dental models', 'dental plaster', 'plaster models', 'study models', 'dental impressions', 'impression trays'],
    codes: ['18 01 04', '18 02 03@0.5'],
    source: `${HC}: plaster and similar wastes 18 01 04 / 18 02 03`,
  },
  {
    id: 'animal-carcasses',
    terms: ['animal carcasses', 'carcasses', 'carcass', 'carcases', 'dead animals', 'dead animal', 'dead pets', 'animal remains', 'euthanised animals'],
    codes: ['02 01 02', '18 02 02@0.7<18 02 03', '02 02 02@0.55'],
    flags: ['ANIMAL_BY_PRODUCTS'],
    note: 'abp',
    source: 'LoW 02 01 02 animal-tissue waste; GOV.UK healthcare: infectious animal waste 18 02 02*',
  },
];
