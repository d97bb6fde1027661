// biome-ignore-all format: lexicon data stays one entry per line so reviewers can scan terms and codes
// Packaging, absorbents, wiping cloths, filter materials and protective clothing (LoW chapter 15).
// Separately collected packaging is coded in 15 01 whatever the activity (EA Using the List of Wastes,
// "Municipal, mixed or general waste, including packaging"); residues of hazardous substances make it
// 15 01 10* (the `>15 01 10` alternative below).
import type { ConceptDef } from './types.ts';

const PK = 'LoW 15 01 packaging; EA Using the List of Wastes: separately collected packaging';

export const packagingConcepts: ConceptDef[] = [
  {
    id: 'cardboard',
    terms: ['cardboard', 'card', 'cardboard boxes', 'carboard', 'corrugated', 'corrugated cardboard', 'paper packaging', 'packaging card', 'brown cardboard', 'baled cardboard', 'occ', 'cardboard packaging', 'card packaging', 'flattened boxes', 'boxes cardboard', 'cardboard tubes', 'cardboard cartons', 'cartons', 'boxes'],
    codes: ['15 01 01>15 01 10', '20 01 01@0.4', '19 12 01@0.4'],
    source: `${PK}: paper and cardboard packaging 15 01 01`,
  },
  {
    id: 'paper',
    terms: ['paper', 'office paper', 'confidential paper', 'confidential waste', 'shredding', 'shredded paper', 'newspapers', 'newspaper', 'magazines', 'books', 'junk mail', 'envelopes', 'files', 'archive paper', 'documents', 'white paper', 'printer paper', 'catalogues', 'leaflets', 'brochures'],
    codes: ['20 01 01', '15 01 01@0.4', '19 12 01@0.4', '03 03 08@0.15'],
    source: 'EA Using the List of Wastes, Annex 2: paper and cardboard 20 01 01',
  },
  {
    id: 'plastic-packaging',
    terms: ['plastic packaging', 'plastic bottles', 'shrink wrap', 'shrinkwrap', 'stretch wrap', 'stretch film', 'pallet wrap', 'cling film', 'plastic film', 'film', 'polythene', 'polythene bags', 'plastic bags', 'carrier bags', 'bubble wrap', 'polystyrene', 'polystyrene packaging', 'expanded polystyrene', 'eps', 'styrofoam', 'strapping', 'banding', 'plastic strapping', 'plastic crates', 'plastic tubs', 'plastic trays', 'packaging film', 'plastic wrap', 'wrapping', 'lldpe', 'pet bottles', 'milk bottles', 'plastic wrapping', 'bulk bags', 'fibc', 'fibcs', 'big bags', 'tote bags', 'fertiliser bags', 'fertiliser sacks', 'fertilizer sacks', 'feed bags', 'feed sacks', 'seed sacks', 'plastic sacks', 'woven sacks', 'polypropylene sacks', 'plastic drinks bottles', 'plastic drink bottles', 'plastic water bottles', 'water bottles', 'pop bottles', 'plastic milk bottles', 'dumpy bags', 'packing peanuts', 'foam packaging'],
    codes: ['15 01 02>15 01 10', '20 01 39@0.35', '19 12 04@0.35'],
    source: `${PK}: plastic packaging 15 01 02`,
  },
  {
    id: 'plastic-containers',
    terms: ['plastic drums', 'plastic drum', 'plastic containers', 'plastic container', 'jerry cans', 'jerrycans', 'ibc', 'ibcs', 'ibc totes', 'intermediate bulk containers', 'plastic kegs', 'carboys', 'plastic buckets', 'tubs', 'empty plastic containers'],
    codes: ['15 01 02>15 01 10'],
    source: `${PK}: plastic packaging 15 01 02; contaminated 15 01 10*`,
  },
  {
    id: 'wooden-packaging',
    terms: ['pallets', 'pallet', 'wooden pallets', 'broken pallets', 'crates', 'wooden crates', 'cable drums', 'wooden cable drums', 'wooden boxes', 'wooden packaging', 'dunnage'],
    codes: ['15 01 03>15 01 10', '17 02 01@0.25', '20 01 38@0.25', '19 12 07@0.2'],
    source: `${PK}: wooden packaging 15 01 03`,
  },
  {
    id: 'metal-packaging',
    terms: ['cans', 'tins', 'drinks cans', 'food tins', 'steel drums', 'metal drums', 'empty drums', 'tin cans', 'aluminium cans', 'metal containers', 'drums', 'drum', 'kegs', 'metal packaging', 'steel cans', 'empty cans', 'empty tins', 'food cans', 'catering tins'],
    codes: ['15 01 04>15 01 10', '20 01 40@0.3', '19 12 02@0.15'],
    source: `${PK}: metallic packaging 15 01 04; contaminated 15 01 10*`,
  },
  {
    id: 'contaminated-packaging',
    terms: ['contaminated packaging', 'hazardous packaging', 'empty chemical containers', 'chemical drums', 'chemical containers', 'empty pesticide containers', 'pesticide containers', 'sheep dip containers', 'oil drums', 'oil drum', 'oil containers', 'paint tins', 'paint cans', 'empty paint tins', 'empty paint cans', 'oil cans', 'empty oil cans', 'fuel cans', 'solvent tins', 'solvent drums', 'contaminated containers', 'contaminated drums', 'contaminated ibcs', 'dirty drums', 'used chemical containers', 'adhesive tubs', 'resin tins', 'empty oil containers', 'grease cartridges', 'empty sealant tubes', 'empty mastic tubes'],
    codes: ['15 01 10<15 01 04', '15 01 04@0.35', '15 01 02@0.3'],
    note: 'contaminated-packaging',
    source: `${PK}: packaging containing residues of or contaminated by hazardous substances 15 01 10*`,
  },
  {
    id: 'aerosols',
    terms: ['aerosol', 'aerosols', 'aerosol cans', 'spray cans', 'empty aerosols', 'empty aerosol cans', 'spray paint cans', 'aerosol canisters', 'gas canisters', 'gas cartridges', 'butane canisters', 'blowtorch canisters'],
    codes: ['15 01 11', '16 05 04@0.55', '20 01 27@0.15h'],
    note: 'aerosols',
    source:
      'LoW 15 01 11* metallic packaging ... including empty pressure containers; 16 05 04* when not empty',
  },
  {
    id: 'part-full-aerosols',
    cooccur: [['part', 'partly', 'partially', 'half', 'full', 'unused', 'unwanted'], ['aerosol', 'aerosols', 'spray', 'can', 'canister']],
    terms: ['part used aerosols', 'part full aerosols', 'partially used aerosols', 'full aerosols', 'unused aerosols', 'part used aerosol', 'aerosols with product', 'unwanted aerosols', 'pressurised containers'],
    codes: ['16 05 04', '15 01 11@0.4'],
    note: 'aerosols',
    source: 'LoW 16 05 04* gases in pressure containers containing hazardous substances',
  },
  {
    id: 'glass-packaging',
    terms: ['glass bottles', 'bottles', 'jars', 'glass jars', 'wine bottles', 'beer bottles', 'glass packaging', 'bottles and jars', 'glass containers', 'glass recycling'],
    codes: ['15 01 07>15 01 10', '20 01 02@0.4', '19 12 05@0.3'],
    source: `${PK}: glass packaging 15 01 07`,
  },
  {
    id: 'mixed-packaging',
    collective: true,
    terms: ['mixed packaging', 'dry mixed recycling', 'dmr', 'mixed recycling', 'recycling', 'co mingled', 'comingled', 'commingled', 'commingled recycling', 'mixed recyclables', 'recyclables', 'mixed dry recyclables', 'mixed packaging waste'],
    codes: ['15 01 06>15 01 10', '20 03 01@0.35', '20 01 01@0.2', '19 12 12@0.2'],
    specificity: 0.85,
    source: `${PK}: mixed packaging 15 01 06`,
  },
  {
    id: 'packaging',
    terms: ['packaging', 'packaging waste', 'packing materials', 'packing waste'],
    codes: ['15 01 06>15 01 10', '15 01 01@0.5', '15 01 02@0.5'],
    specificity: 0.7,
    source: `${PK}: packaging 15 01 (mixed packaging 15 01 06)`,
  },
  {
    id: 'containers',
    terms: ['containers', 'container', 'empty containers', 'bottles plastic', 'cans and containers'],
    codes: ['15 01 02@0.9>15 01 10', '15 01 04@0.8>15 01 10'],
    specificity: 0.7,
    source: `${PK}: empty containers are packaging (15 01 02 / 15 01 04; 15 01 10* with hazardous residues)`,
  },
  {
    id: 'composite-packaging',
    terms: ['tetra pak', 'tetrapak', 'tetra paks', 'drinks cartons', 'juice cartons', 'milk cartons', 'composite packaging', 'coffee cups', 'paper cups', 'crisp packets', 'liquid board', 'liquid packaging board', 'liquid board cartons', 'carton blanks', 'liquid board carton blanks', 'beverage cartons', 'aseptic cartons'],
    codes: ['15 01 05>15 01 10'],
    source: `${PK}: composite packaging 15 01 05`,
  },
  {
    id: 'textile-packaging',
    terms: ['hessian sacks', 'hessian', 'jute sacks', 'jute bags', 'coffee sacks', 'textile packaging', 'cloth sacks', 'sacking'],
    codes: ['15 01 09>15 01 10'],
    source: `${PK}: textile packaging 15 01 09`,
  },
  {
    id: 'absorbents-wipes',
    terms: ['rags', 'rag', 'cloths', 'cloth', 'wiping cloths', 'wipes', 'shop towels', 'blue roll', 'paper towels', 'absorbents', 'absorbent', 'absorbent granules', 'spill granules', 'granules', 'spill pads', 'spill kit', 'spill kits', 'absorbent pads', 'absorbent socks', 'absorbent booms', 'booms', 'oil absorbent', 'absorbent mats', 'cat litter', 'spill clean up', 'spill cleanup', 'spill cleanup waste', 'wiping rags', 'wiper rags', 'wipers', 'wiper', 'shop wipes', 'industrial wipes', 'cleaning cloths'],
    codes: ['15 02 03', '15 02 02@0.45'],
    note: 'absorbents',
    source:
      'LoW 15 02 03 absorbents, wiping cloths (mirror of 15 02 02* contaminated by hazardous substances)',
  },
  {
    id: 'filters',
    terms: ['filter', 'filters', 'air filters', 'filter media', 'filter bags', 'filter cartridges', 'spray booth filters', 'paint booth filters', 'booth filters', 'hvac filters', 'bag filters', 'extraction filters', 'dust filters', 'pleated filters', 'carbon filters', 'panel filters'],
    codes: ['15 02 03', '15 02 02@0.45'],
    note: 'absorbents',
    source: 'LoW 15 02 03 filter materials (mirror of 15 02 02*)',
  },
  {
    id: 'ppe',
    terms: ['ppe', 'overalls', 'coveralls', 'gloves', 'disposable gloves', 'nitrile gloves', 'masks', 'dust masks', 'face masks', 'respirator filters', 'tyvek suits', 'tyvek', 'protective clothing', 'disposable overalls', 'paper suits', 'workwear', 'hi vis', 'boiler suits'],
    codes: ['15 02 03', '15 02 02@0.45', '18 01 04@0.4'],
    note: 'absorbents',
    source: 'LoW 15 02 03 protective clothing (mirror of 15 02 02*); healthcare PPE 18 01 04',
  },
  {
    id: 'sawdust-absorbent',
    terms: ['sawdust absorbent', 'absorbent sawdust', 'sawdust used to soak', 'sawdust used as absorbent', 'sand used to soak'],
    cooccur: [['sawdust', 'sand'], ['soak', 'soaked', 'spill', 'absorb', 'absorbent', 'mop']],
    codes: ['15 02 03', '15 02 02@0.45'],
    note: 'absorbents',
    source: 'SEPA Waste Thesaurus: absorbents - oil/fuel 15 02 02*',
  },
];
