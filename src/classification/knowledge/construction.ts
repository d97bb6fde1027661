// biome-ignore-all format: lexicon data stays one entry per line so reviewers can scan terms and codes
// Chapter 17 (construction and demolition) concepts. Codes follow GOV.UK "Classify different types of
// waste: construction and demolition waste" and the List of Wastes chapter 17; the household (20) and
// processing-chapter alternatives are listed with lower weights and win only when the activity says so.
import type { ConceptDef } from './types.ts';

const CD = 'GOV.UK Classify different types of waste: construction and demolition waste';

export const constructionConcepts: ConceptDef[] = [
  {
    id: 'concrete',
    terms: ['concrete', 'broken concrete', 'crushed concrete', 'concrete rubble', 'concrete blocks', 'breeze blocks', 'breeze block', 'kerbs', 'kerb stones', 'kerbstones', 'paving slabs', 'slabs', 'precast concrete', 'concrete posts', 'lintels', 'screed', 'concrete slab', 'slab breakout', 'breakout', 'reinforced concrete'],
    codes: ['17 01 01', '10 13 14@0.35', '20 03 99@0.05'],
    source: `${CD}: concrete 17 01 01`,
  },
  {
    id: 'bricks',
    terms: ['bricks', 'brick', 'brickwork', 'broken bricks', 'reclaimed bricks', 'engineering bricks', 'brick rubble', 'crushed brick', 'brick waste'],
    codes: ['17 01 02', '10 12 08@0.3'],
    source: `${CD}: bricks 17 01 02`,
  },
  {
    id: 'tiles-ceramics',
    terms: ['ceramic tiles', 'tiles', 'roof tiles', 'clay tiles', 'clay roof tiles', 'floor tiles', 'wall tiles', 'ceramics', 'ceramic', 'toilet pan', 'toilets', 'toilet', 'sink', 'basins', 'wash basin', 'sanitaryware', 'sanitary ware', 'porcelain', 'bathroom suite', 'pottery', 'crockery'],
    codes: ['17 01 03', '10 12 08@0.35', '20 03 07@0.1'],
    source: `${CD}: tiles and ceramics 17 01 03`,
  },
  {
    id: 'rubble',
    terms: ['hardcore', 'hard core', 'rubble', 'builders rubble', 'demolition rubble', 'masonry', 'inert waste', 'inerts', 'brick and concrete', 'bricks and concrete', 'concrete and bricks', 'concrete and brick', 'aggregate', 'aggregates', 'type 1', 'crushed aggregate', 'mortar', 'render', 'sand and cement', 'sand cement', 'cement', 'blockwork', 'brick rubble and concrete'],
    codes: ['17 01 07', '01 04 08@0.15'],
    specificity: 0.95,
    source: `${CD}: mixtures of concrete, bricks, tiles and ceramics 17 01 07`,
  },
  {
    id: 'soil',
    terms: ['soil', 'topsoil', 'top soil', 'subsoil', 'sub soil', 'earth', 'dirt', 'muck away', 'muckaway', 'spoil', 'excavation spoil', 'excavated material', 'excavated soil', 'excavation waste', 'excavation arisings', 'piling arisings', 'arisings from excavation', 'clay', 'soil and stones', 'made ground', 'footings', 'turf', 'soil heap', 'excavated clay', 'natural ground', 'ground works', 'site strip', 'site clearance', 'ground', 'contaminated ground', 'contaminated land', 'contaminated soil', 'land', 'chalk', 'excavated chalk', 'excavated', 'excavation', 'arisings', 'peat', 'loam', 'dig out', 'dig outs', 'digout', 'dig out arisings'],
    codes: ['17 05 04', '20 02 02@0.55', '02 04 01@0.1', '19 13 02@0.3'],
    source: `${CD}: soil and stones 17 05 04 (mirror of 17 05 03*)`,
  },
  {
    id: 'stones',
    terms: ['stones', 'stone', 'stone chippings', 'chippings stone', 'granite', 'sandstone', 'setts', 'cobbles', 'flagstones', 'york stone', 'rocks', 'boulders', 'rock', 'gravel', 'pebbles', 'shingle', 'sand'],
    codes: ['17 05 04', '20 02 02@0.55', '01 04 08@0.25', '01 04 09@0.15'],
    specificity: 0.85,
    source: `${CD}: soil and stones 17 05 04`,
  },
  {
    id: 'muck',
    terms: ['muck'],
    codes: ['17 05 04@0.6', '02 01 06@0.55'],
    specificity: 0.6,
    source: `${CD}: soil and stones; LoW 02 01 06 animal faeces`,
  },
  {
    id: 'dredgings',
    terms: ['dredgings', 'dredging spoil', 'dredged material', 'dredged silt', 'dredging', 'canal silt', 'river silt', 'pond silt', 'lake silt', 'harbour dredgings', 'desilting', 'silt dredged', 'dredged', 'dredged sediment', 'dredged mud', 'dredge spoil'],
    codes: ['17 05 06'],
    source: 'LoW 17 05 06 dredging spoil (mirror of 17 05 05*)',
  },
  {
    id: 'track-ballast',
    terms: ['track ballast', 'ballast', 'railway ballast', 'rail ballast'],
    codes: ['17 05 08'],
    source: 'LoW 17 05 08 track ballast (mirror of 17 05 07*)',
  },
  {
    id: 'bituminous',
    terms: ['tarmac', 'tarmac planings', 'planings', 'road planings', 'asphalt', 'asphalt planings', 'blacktop', 'bitumen', 'bituminous', 'macadam', 'tarmacadam', 'road surfacing', 'road surface', 'scalpings', 'bitumen felt', 'roofing felt', 'roof felt', 'felt', 'mastic asphalt', 'bituminous mixtures', 'chippings and bitumen', 'driveway tarmac', 'road base', 'base course', 'binder course', 'wearing course', 'surface course', 'bitmac', 'tar bound', 'tarbound', 'hot rolled asphalt', 'road surface planings'],
    codes: ['17 03 02'],
    source: `${CD}: bituminous mixtures 17 03 02 (mirror of 17 03 01* containing coal tar)`,
  },
  {
    id: 'coal-tar',
    terms: ['coal tar', 'tar', 'tarred', 'tarred products', 'tarred felt', 'tar felt', 'pitch', 'coal tar pitch', 'tar containing'],
    codes: ['17 03 03', '17 03 01@0.6', '05 01 07@0.15', '05 06 03@0.3', '10 03 17@0.1'],
    evidence: 'coal_tar',
    flags: ['COAL_TAR'],
    source: `${CD}: coal tar and tarred products 17 03 03*`,
  },
  {
    id: 'asbestos',
    terms: ['asbestos', 'asbestos sheets', 'asbestos sheet', 'asbestos cement', 'asbestos cement sheets', 'ac sheets', 'ac sheeting', 'ac sheet', 'ac pipe', 'ac pipes', 'ac flue', 'ac flues', 'ac flue pipe', 'ac flue pipes', 'ac gutter', 'ac gutters', 'ac guttering', 'ac downpipe', 'ac downpipes', 'ac roofing', 'ac roof sheets', 'ac slates', 'ac cladding', 'ac soffit', 'ac soffits', 'ac water tank', 'ac cistern', 'corrugated asbestos', 'asbestos roof', 'asbestos roofing', 'chrysotile', 'amosite', 'crocidolite', 'asbestos floor tiles', 'vinyl asbestos tiles', 'asbestos rope', 'asbestos flue', 'asbestos soffits', 'asbestos containing materials', 'acm', 'acms', 'asbestos containing', 'asbestos garage', 'asbestos fragments', 'asbestos debris'],
    codes: ['17 06 05', '17 06 01@0.5', '16 01 11@0.2', '16 02 12@0.2', '15 01 11@0.1', '06 07 01@0.15', '10 13 09@0.15'],
    evidence: 'asbestos',
    flags: ['ASBESTOS'],
    note: 'asbestos',
    source: `${CD}: construction materials containing asbestos 17 06 05*`,
  },
  {
    id: 'asbestos-insulation',
    terms: ['asbestos insulation board', 'aib', 'asbestos lagging', 'sprayed asbestos', 'asbestos insulation', 'limpet asbestos', 'asbestos pipe lagging'],
    codes: ['17 06 01'],
    evidence: 'asbestos',
    flags: ['ASBESTOS'],
    note: 'asbestos',
    source: `${CD}: insulation materials containing asbestos 17 06 01*`,
  },
  {
    id: 'artex',
    terms: ['artex', 'textured coating', 'textured ceiling'],
    codes: ['17 09 04@0.7', '17 08 02@0.5', '17 06 05@0.6'],
    specificity: 0.6,
    flags: ['ASBESTOS'],
    source: 'HSE/GOV.UK: textured coatings applied before 2000 may contain asbestos (17 06 05*)',
  },
  {
    id: 'insulation',
    terms: ['insulation', 'loft insulation', 'fibreglass', 'fiberglass', 'glass wool', 'glasswool', 'mineral wool', 'rockwool', 'rock wool', 'earthwool', 'kingspan', 'celotex', 'pir board', 'pir', 'insulation board', 'cavity wall insulation', 'lagging', 'pipe lagging', 'quilt insulation', 'sheeps wool insulation', 'polyurethane foam board', 'insulation boards', 'recticel'],
    codes: ['17 06 04'],
    source: `${CD}: insulation materials 17 06 04 (mirror of 17 06 01* and 17 06 03*)`,
  },
  {
    id: 'eps-insulation',
    terms: ['eps insulation', 'xps insulation', 'polystyrene insulation', 'jablite', 'styrofoam insulation'],
    codes: ['17 06 04', '17 02 03@0.4'],
    flags: ['POSSIBLE_POPS'],
    source: `${CD}: insulation 17 06 04; EA: polystyrene insulation may contain HBCDD (a POP)`,
  },
  {
    id: 'plasterboard',
    terms: ['plasterboard', 'plaster board', 'gypsum board', 'drywall', 'dry wall', 'gyproc', 'gypsum', 'plaster', 'gypsum plaster', 'plaster skim', 'multi finish', 'bonding plaster', 'coving', 'plasterboard offcuts', 'dry lining'],
    codes: ['17 08 02', '10 01 05@0.3', '06 11 01@0.3', '10 13 99@0.05'],
    flags: ['GYPSUM_SEGREGATION'],
    note: 'gypsum',
    source: `${CD}: gypsum-based construction materials 17 08 02 (mirror of 17 08 01*)`,
  },
  {
    id: 'wood',
    terms: ['wood', 'timber', 'timber offcuts', 'wood offcuts', 'joists', 'floorboards', 'floor boards', 'skirting', 'skirting boards', 'doors', 'wooden doors', 'door frames', 'roof timbers', 'battens', 'rafters', 'studwork', 'architrave', 'architraves', 'formwork', 'shuttering', 'plywood', 'ply', 'osb', 'hardboard', 'laminate flooring', 'decking', 'fence panels', 'fence posts', 'fencing posts', 'timber posts', 'wooden posts', 'fencing', 'scaffold boards', 'wooden', 'timbers', 'window frames wooden', 'untreated timber', 'waste wood', 'woodwork', 'kitchen units'],
    codes: ['17 02 01', '20 01 38@0.6', '03 01 05@0.45', '19 12 07@0.35', '15 01 03@0.15'],
    source: `${CD}: wood 17 02 01 (mirror of 17 02 04*)`,
  },
  {
    id: 'board-products',
    terms: ['mdf', 'chipboard', 'particle board', 'particleboard', 'veneer', 'veneers', 'melamine board', 'mfc'],
    codes: ['03 01 05@0.8', '17 02 01', '20 01 38@0.6'],
    source: 'LoW 03 01 05 particle board and veneer; C&D 17 02 01',
  },
  {
    id: 'treated-wood',
    terms: ['creosoted', 'creosote treated', 'creosoted timber', 'creosoted wood', 'creosoted fence', 'creosoted fence panels', 'railway sleepers', 'sleepers', 'telegraph poles', 'cca treated', 'cca treated timber', 'creosoted sleepers', 'creosoted poles', 'creosote treated poles'],
    codes: ['17 02 04', '20 01 37@0.7', '03 01 04@0.35', '19 12 06@0.25'],
    evidence: 'hazardous',
    source: `${CD}: railway sleepers and wood treated with creosote 17 02 04*`,
  },
  {
    id: 'glass',
    terms: ['glass', 'window glass', 'glazing', 'glass panes', 'panes', 'double glazing units', 'double glazed units', 'sealed units', 'broken glass', 'mirrors', 'mirror', 'glass table', 'glass table tops', 'glass panels', 'plate glass', 'glass doors'],
    codes: ['17 02 02', '20 01 02@0.6', '15 01 07@0.35', '10 11 12@0.25', '16 01 20@0.2', '19 12 05@0.3'],
    source: `${CD}: glass 17 02 02`,
  },
  {
    id: 'plastic',
    terms: ['plastic', 'plastics', 'pvc', 'upvc', 'upvc windows', 'upvc window frames', 'plastic pipe', 'plastic pipes', 'guttering', 'gutters', 'downpipes', 'soffits', 'fascias', 'fascia boards', 'cladding', 'plastic sheeting', 'plastic sheet', 'dpm', 'damp proof membrane', 'visqueen', 'hdpe', 'ducting', 'soil pipe', 'waste pipe', 'plastic pipe offcuts', 'pvc pipe offcuts', 'plastic offcuts', 'hard plastics', 'rigid plastics'],
    codes: ['17 02 03', '20 01 39@0.6', '15 01 02@0.4', '07 02 13@0.25', '16 01 19@0.2', '19 12 04@0.3', '02 01 04@0.15', '12 01 05@0.2'],
    specificity: 0.9,
    source: `${CD}: plastic 17 02 03`,
  },
];
