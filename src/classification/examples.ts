// Examples for the OpenAPI document, as the local engine answers them; test/platform/openapi-examples.test.ts
// holds each one to its schema.
import { errorResponse, type NamedExamples } from '../platform/openapi.ts';

const CHAPTER_17 =
  '17 - Construction and demolition wastes (including excavated soil from contaminated sites)';
const SUBCHAPTER_17_05 =
  '17 05 - soil (including excavated soil from contaminated sites), stones and dredging spoil';

export const CLASSIFY_REQUEST_EXAMPLES: NamedExamples = {
  soil: {
    summary: 'Soil from foundations: nothing said about contamination',
    value: {
      description: 'excavated soil and stones from digging house foundations',
      source_industry: 'building contractor',
      max_results: 2,
    },
  },
  answered: {
    summary: 'The same soil, with the answer to the deciding question',
    value: {
      description: 'excavated soil and stones from digging house foundations',
      source_industry: 'building contractor',
      max_results: 2,
      assessment: 'non_hazardous',
    },
  },
};

export const CLASSIFY_RESPONSE_EXAMPLES: NamedExamples = {
  soil: {
    summary: 'A mirror pair nothing decided: the deciding question is asked',
    value: {
      classifications: [
        {
          ewc_code: '17 05 04',
          description: 'soil and stones other than those mentioned in 17 05 03',
          chapter:
            '17 - Construction and demolition wastes (including excavated soil from contaminated sites)',
          is_hazardous: false,
          confidence: 0.85,
          reasoning:
            'Matched "soil and stones", "excavated soil". The activity "building contractor" (construction or demolition, from the source industry) points to chapter 17 (Construction and demolition wastes (including excavated soil from contaminated sites)), which the List of Wastes coding order uses first. Mirror entry: no evidence of contamination was given, so the non-hazardous side applies unless a WM3 assessment finds hazardous substances above thresholds (then 17 05 03*). Source: GOV.UK Classify different types of waste: construction and demolition waste: soil and stones 17 05 04 (mirror of 17 05 03*). The statistical ranker gives this entry 100%.',
        },
        {
          ewc_code: '17 05 03',
          description: 'soil and stones containing hazardous substances',
          chapter:
            '17 - Construction and demolition wastes (including excavated soil from contaminated sites)',
          is_hazardous: true,
          confidence: 0.001,
          reasoning:
            'Matched "soil and stones", "excavated soil". The activity "building contractor" (construction or demolition, from the source industry) points to chapter 17 (Construction and demolition wastes (including excavated soil from contaminated sites)), which the List of Wastes coding order uses first. The hazardous side of the mirror pair: applies if a WM3 assessment finds hazardous substances above thresholds. Source: GOV.UK Classify different types of waste: construction and demolition waste: soil and stones 17 05 04 (mirror of 17 05 03*). The statistical ranker gives this entry 0%.',
        },
      ],
      compliance: {
        hazardous_waste: true,
        flags: ['MIRROR_ENTRY_ASSESSMENT_REQUIRED', 'ASSESSMENT_NEEDED'],
        hazardous_substances: [],
        disposal_notes:
          'This is a mirror entry: before consigning it as non-hazardous, confirm by a WM3 assessment (or laboratory analysis) that hazardous substances are below the thresholds. Non-hazardous waste: describe it on a waste transfer note with this code, use a registered waste carrier, and keep the note for two years.',
        requires_consignment_note: false,
        assessment_needed: {
          reason: 'mirror_entry',
          question:
            "Does this waste contain hazardous substances above the WM3 thresholds? 17 05 03* applies if it does (soil and stones containing hazardous substances); 17 05 04 if an assessment shows it does not. Answer from a lab analysis, the product's safety data sheet or knowledge of the process; leaching (WAC) results cannot answer it.",
          answers: [
            {
              answer: 'Yes: assessed as hazardous',
              ewc_code: '17 05 03',
              is_hazardous: true,
              send: {
                assessment: 'hazardous',
              },
            },
            {
              answer: 'No: assessed as non-hazardous',
              ewc_code: '17 05 04',
              is_hazardous: false,
              send: {
                assessment: 'non_hazardous',
              },
            },
            {
              answer: 'Not known yet',
              ewc_code: '17 05 03',
              is_hazardous: true,
              send: {
                assessment: 'unknown',
              },
            },
          ],
          until_answered: {
            ewc_code: '17 05 03',
            is_hazardous: true,
            guidance:
              'WM3: where the composition of a waste on a mirror entry is not known, it must be treated as hazardous. Code it 17 05 03* and move it under a consignment note until an assessment shows otherwise.',
          },
          source:
            'Technical Guidance WM3, Appendix A and chapter 2 (https://www.gov.uk/government/publications/waste-classification-technical-guidance)',
        },
      },
      metadata: {
        classified_at: '2026-11-27T09:25:13.651Z',
        model_version: 'local-2026.11.2+3c38055f',
        cached: false,
      },
    },
  },
  answered: {
    summary: 'Answered: the assessment found no hazardous substances above the thresholds',
    value: {
      classifications: [
        {
          ewc_code: '17 05 04',
          description: 'soil and stones other than those mentioned in 17 05 03',
          chapter:
            '17 - Construction and demolition wastes (including excavated soil from contaminated sites)',
          is_hazardous: false,
          confidence: 0.928,
          reasoning:
            'Matched "soil and stones", "excavated soil". The activity "building contractor" (construction or demolition, from the source industry) points to chapter 17 (Construction and demolition wastes (including excavated soil from contaminated sites)), which the List of Wastes coding order uses first. Mirror entry: "assessed non-hazardous" is evidence against hazardous substances, so the non-hazardous side applies (not 17 05 03*). Source: GOV.UK Classify different types of waste: construction and demolition waste: soil and stones 17 05 04 (mirror of 17 05 03*). The statistical ranker gives this entry 100%.',
        },
        {
          ewc_code: '17 05 03',
          description: 'soil and stones containing hazardous substances',
          chapter:
            '17 - Construction and demolition wastes (including excavated soil from contaminated sites)',
          is_hazardous: true,
          confidence: 0.001,
          reasoning:
            'The statistical ranker (trained on 21782 labelled descriptions covering every entry of the List of Wastes) gives this entry 0%: the words "soil", "stones" and "excavated" point to it most. The source industry "contractor" supports sub-chapter 17 05 (soil (including excavated soil from contaminated sites), stones and dredging spoil). Entry 17 05 03*: soil and stones containing hazardous substances.',
        },
      ],
      compliance: {
        hazardous_waste: true,
        flags: [],
        hazardous_substances: [],
        disposal_notes:
          'Non-hazardous waste: describe it on a waste transfer note with this code, use a registered waste carrier, and keep the note for two years.',
        requires_consignment_note: false,
        assessment_needed: null,
      },
      metadata: {
        classified_at: '2026-11-27T09:25:13.686Z',
        model_version: 'local-2026.11.2+3c38055f',
        cached: false,
      },
    },
  },
};

export const CLASSIFY_ERRORS = {
  400: errorResponse('A description missing or blank, an unknown field, or max_results out of range.', [
    {
      summary: 'Blank description',
      code: 'INVALID_REQUEST',
      message: 'The description must not be blank.',
      details: [{ field: '/description', issue: 'must not be blank' }],
    },
    {
      summary: 'Fields not valid',
      code: 'INVALID_REQUEST',
      message: 'The request body is not valid: see details.',
      details: [
        { field: '/description', issue: 'is required' },
        { field: '/max_results', issue: 'must be at most 5' },
      ],
    },
  ]),
  500: errorResponse('Something failed on our side. Never counted against the quota.', [
    { summary: 'The classifier failed', code: 'CLASSIFICATION_FAILED' },
    { summary: 'Unexpected failure', code: 'INTERNAL_ERROR' },
  ]),
};

const entry = (code: string, description: string, mirror: string) => ({
  code,
  display_code: `${code}*`,
  description,
  is_hazardous: true,
  entry_type: 'MH',
  chapter: CHAPTER_17,
  subchapter: SUBCHAPTER_17_05,
  mirror_of: [mirror],
  note: null,
});

export const LIST_RESPONSE_EXAMPLES: NamedExamples = {
  hazardousSoil: {
    summary: 'chapter=17 05&hazardous=true',
    value: {
      count: 3,
      codes: [
        entry('17 05 03', 'soil and stones containing hazardous substances', '17 05 04'),
        entry('17 05 05', 'dredging spoil containing hazardous substances', '17 05 06'),
        entry('17 05 07', 'track ballast containing hazardous substances', '17 05 08'),
      ],
    },
  },
};

export const LIST_ERRORS = {
  400: errorResponse('A filter that is not valid, or an unknown parameter.', [
    {
      summary: 'Filters not valid',
      code: 'INVALID_REQUEST',
      message: 'The query string is not valid: see details.',
      details: [
        { field: 'chapter', issue: 'is not in the expected format' },
        { field: 'hazardous', issue: 'must be a boolean' },
      ],
    },
  ]),
};

export const ENTRY_RESPONSE_EXAMPLES: NamedExamples = {
  soil: {
    summary: '17 05 04, the non-hazardous side of a mirror pair',
    value: {
      code: '17 05 04',
      display_code: '17 05 04',
      description: 'soil and stones other than those mentioned in 17 05 03',
      is_hazardous: false,
      entry_type: 'MN',
      chapter: CHAPTER_17,
      subchapter: SUBCHAPTER_17_05,
      mirror_of: ['17 05 03'],
      note: null,
    },
  },
};

export const ENTRY_ERRORS = {
  400: errorResponse('The code is longer than 20 characters.', [
    {
      summary: 'Code too long',
      code: 'INVALID_REQUEST',
      message: 'The path is not valid: see details.',
      details: [{ field: 'code', issue: 'must be at most 20 characters' }],
    },
  ]),
  404: errorResponse('No such code in the List of Wastes.', [
    {
      summary: 'Not in the List of Wastes',
      code: 'EWC_CODE_NOT_FOUND',
      message: '99 99 99 is not a code in the List of Wastes.',
    },
  ]),
};
