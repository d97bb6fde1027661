// biome-ignore-all format: lexicon data stays one entry per line so reviewers can scan terms and codes
// Municipal wastes: household and similar commercial, industrial and institutional wastes (LoW chapter
// 20), following EA "Using the List of Wastes" Annex 2 (codes for municipal waste).
import type { ConceptDef } from './types.ts';

const MW = 'EA Using the List of Wastes, Annex 2: codes for municipal waste';

export const municipalConcepts: ConceptDef[] = [
  {
    id: 'general-waste',
    collective: true,
    terms: ['general waste', 'gen waste', 'general rubbish', 'black bag', 'black bags', 'black bag waste', 'black sacks', 'residual waste', 'mixed municipal waste', 'municipal waste', 'household waste', 'household rubbish', 'domestic waste', 'domestic rubbish', 'commercial waste', 'trade waste', 'office waste', 'bin waste', 'wheelie bin', 'landfill waste', 'rubbish', 'refuse', 'trash', 'garbage', 'litter bins', 'litter bin waste', 'nonrecyclable', 'nonrecyclable waste', 'nonrecyclables', 'general refuse', 'general bin', 'general bin waste', 'residual', 'waste from the bins', 'bin bags', 'everyday rubbish', 'staff room rubbish', 'canteen rubbish', 'mixed general waste'],
    codes: ['20 03 01', '19 12 12@0.15', '17 09 04@0.45', '20 03 02@0.4'],
    note: 'general',
    source: `${MW}: mixed municipal waste 20 03 01`,
  },
  {
    id: 'food-waste',
    terms: ['food waste', 'food', 'kitchen waste', 'canteen waste', 'catering waste', 'left over food', 'left over meals', 'plate scrapings', 'food scraps', 'food caddy', 'food caddies', 'coffee grounds', 'tea bags', 'fruit and veg waste', 'vegetable peelings', 'peelings', 'out of date food', 'expired food', 'spoiled food', 'meat scraps', 'bread', 'food leftovers', 'kitchen scraps', 'scraps', 'organic waste', 'compostable waste', 'biodegradable waste', 'leftover food', 'unsold food', 'food and drink waste', 'sandwiches', 'meals', 'milk', 'yoghurt', 'yogurt', 'cheese', 'dairy products', 'cream', 'meat', 'fish', 'fruit', 'vegetables', 'veg', 'cakes', 'dough', 'pastries'],
    codes: ['20 01 08', '02 03 04@0.45', '02 02 03@0.35', '02 06 01@0.35', '02 05 01@0.35', '20 03 02@0.3', '02 07 04@0.25'],
    flags: ['ANIMAL_BY_PRODUCTS'],
    note: 'food',
    source: `${MW}: biodegradable kitchen and canteen waste 20 01 08`,
  },
  {
    id: 'unfit-food',
    terms: ['unfit for sale', 'unfit for consumption', 'unsuitable for consumption', 'unsuitable for consumption or processing', 'rejected batches', 'rejected batch', 'off spec food', 'out of specification food', 'spoilt batches', 'spoilt batch', 'production rejects', 'food production waste', 'trimmings and rejects', 'misshapen'],
    codes: ['02 03 04', '02 02 03@0.95', '02 05 01@0.95', '02 06 01@0.95', '02 07 04@0.9', '20 01 08@0.35', '16 03 06@0.3'],
    flags: ['ANIMAL_BY_PRODUCTS'],
    note: 'food',
    source:
      'LoW 02 02 03, 02 03 04, 02 05 01, 02 06 01, 02 07 04 materials unsuitable for consumption or processing',
  },
  {
    id: 'cooking-oil',
    terms: ['cooking oil', 'used cooking oil', 'uco', 'chip fat', 'fryer oil', 'frying oil', 'vegetable oil', 'deep fat fryer oil', 'edible oil', 'edible oils', 'edible fats', 'fat', 'fats', 'dripping', 'rapeseed oil', 'sunflower oil', 'olive oil', 'cooking fat', 'lard'],
    codes: ['20 01 25', '19 08 09@0.35', '02 03 04@0.1'],
    flags: ['LIQUID_WASTE'],
    note: 'cooking-oil',
    source: 'SEPA Waste Thesaurus: cooking oil 20 01 25 edible oil and fat',
  },
  {
    id: 'grease-trap',
    terms: ['grease trap', 'grease traps', 'fat trap', 'fat traps', 'fog', 'fats oils and grease', 'grease trap waste', 'grease', 'grease separator'],
    codes: ['20 01 25', '19 08 09@0.75', '20 03 06@0.35'],
    specificity: 0.8,
    source: 'LoW 20 01 25 edible oil and fat; 19 08 09 grease from oil/water separation (edible fats only)',
  },
  {
    id: 'garden-waste',
    terms: ['garden waste', 'green waste', 'grass cuttings', 'grass clippings', 'grass', 'hedge trimmings', 'hedge cuttings', 'leaves', 'branches', 'prunings', 'tree cuttings', 'tree branches', 'logs', 'wood chippings', 'chippings', 'shrubs', 'weeds', 'plants', 'flowers', 'christmas trees', 'xmas trees', 'christmas tree', 'tree stumps', 'stumps', 'tree surgery', 'tree surgery waste', 'tree surgery arisings', 'green garden waste', 'brambles', 'cuttings', 'clippings', 'garden clippings', 'garden cuttings', 'hedge clippings', 'mowings', 'lawn clippings', 'foliage', 'wreaths', 'plant pots soil', 'vegetation', 'arisings', 'trimmings'],
    codes: ['20 02 01', '02 01 07@0.45', '02 01 03@0.3'],
    note: 'garden',
    source: `${MW}: biodegradable (garden and park) waste 20 02 01`,
  },
  {
    id: 'glassware',
    terms: ['drinking glasses', 'drinking glass', 'glassware', 'broken glassware', 'wine glasses', 'pint glasses', 'beer glasses', 'tumblers', 'glass tableware', 'glass vases', 'vases', 'ovenware', 'pyrex'],
    codes: ['20 01 02', '17 02 02@0.3', '15 01 07@0.1'],
    source: `${MW}: glass 20 01 02 (glass that is neither packaging, 15 01 07, nor building glass, 17 02 02)`,
  },
  {
    id: 'bulky',
    terms: ['bulky waste', 'bulky items', 'furniture', 'beds', 'bed frames', 'wardrobes', 'tables', 'desks', 'office desks', 'office furniture', 'cabinets', 'filing cabinets', 'cupboards', 'lockers', 'office chairs metal', 'drawers', 'bookcases', 'shelving', 'house clearance waste', 'flytipped items'],
    codes: ['20 03 07', '20 01 38@0.3', '17 09 04@0.15'],
    note: 'bulky',
    source: `${MW}: bulky waste 20 03 07`,
  },
  {
    id: 'upholstered',
    terms: ['sofa', 'sofas', 'settee', 'settees', 'armchair', 'armchairs', 'chairs upholstered', 'upholstered furniture', 'upholstered seating', 'recliner', 'recliners', 'couch', 'couches', 'futon', 'footstools', 'sofa beds', 'office chairs', 'mattress', 'mattresses', 'divan', 'cushions'],
    codes: ['20 03 07', '20 01 11@0.2'],
    flags: ['POSSIBLE_POPS'],
    note: 'pops-seating',
    source: `${MW}: bulky waste 20 03 07; EA: waste upholstered domestic seating may contain POPs`,
  },
  {
    id: 'clothes',
    terms: ['clothes', 'clothing', 'old clothes', 'garments', 'shoes', 'uniforms', 'footwear', 'unwearable clothes', 'used clothing', 'second hand clothes', 'workwear clothing'],
    codes: ['20 01 10', '19 12 08@0.25', '04 02 22@0.2'],
    source: `${MW}: clothes 20 01 10`,
  },
  {
    id: 'textiles',
    terms: ['textiles', 'textile', 'fabric', 'fabrics', 'curtains', 'bedding', 'linen', 'towels', 'duvets', 'blankets', 'bed sheets', 'bedsheets', 'bed linen', 'soft furnishings', 'upholstery fabric', 'cloth offcuts'],
    codes: ['20 01 11', '04 02 22@0.5', '19 12 08@0.25'],
    source: `${MW}: textiles 20 01 11`,
  },
  {
    id: 'household-plastics',
    terms: ['plastic toys', 'toys', 'plastic chairs', 'plastic garden chairs', 'plastic garden furniture', 'garden furniture plastic', 'plastic items', 'plastic household items', 'paddling pool', 'plastic storage boxes'],
    codes: ['20 01 39', '20 03 07@0.4', '17 02 03@0.3'],
    source: `${MW}: plastics 20 01 39`,
  },
  {
    id: 'household-wood',
    terms: ['wooden furniture', 'garden furniture', 'wooden garden furniture', 'sheds', 'shed', 'garden shed', 'wooden shed', 'wood furniture'],
    codes: ['20 01 38', '20 03 07@0.6', '17 02 01@0.4'],
    source: `${MW}: wood 20 01 38 (mirror of 20 01 37*)`,
  },
  {
    id: 'septic-tank',
    terms: ['septic tank', 'septic tank sludge', 'septic tank waste', 'cesspit', 'cesspits', 'cess pit', 'cesspool', 'cesspit emptying', 'package treatment plant sludge', 'tank emptying', 'sewage from septic tank', 'cesspool emptying'],
    codes: ['20 03 04'],
    flags: ['LIQUID_WASTE'],
    source: 'LoW 20 03 04 septic tank sludge',
  },
  {
    id: 'gully',
    terms: ['gully waste', 'gully emptyings', 'gully emptying', 'road gullies', 'gullies', 'drain cleaning waste', 'sewer cleaning', 'drain jetting waste', 'drain jetting', 'road drain sludge', 'catchpit waste'],
    codes: ['20 03 06'],
    source: 'LoW 20 03 06 waste from sewage cleaning',
  },
  {
    id: 'street-sweepings',
    terms: ['street sweepings', 'road sweepings', 'street cleansing', 'road sweeper', 'sweepings', 'litter', 'litter picking', 'litter pick', 'litter picked', 'car park sweepings', 'car park litter', 'street cleaning residues', 'sweeper waste', 'mechanical sweeper waste', 'leaf sweepings'],
    codes: ['20 03 03'],
    source: 'LoW 20 03 03 street-cleaning residues',
  },
  {
    id: 'market-waste',
    terms: ['market waste', 'market stall waste', 'market stalls', 'waste from markets', 'market traders waste', 'market rubbish'],
    codes: ['20 03 02'],
    source: 'LoW 20 03 02 waste from markets',
  },
  {
    id: 'chimney',
    terms: ['chimney sweepings', 'soot from chimney', 'chimney soot', 'chimney sweeping'],
    codes: ['20 01 41'],
    source: 'LoW 20 01 41 wastes from chimney sweeping',
  },
  {
    id: 'household-medicines-sharps-etc',
    terms: ['household hazardous waste', 'hhw', 'household chemicals'],
    codes: ['20 01 29@0.8', '20 01 14@0.5', '20 01 15@0.5', '20 01 13@0.5'],
    specificity: 0.5,
    source: `${MW}: separately collected household hazardous fractions 20 01`,
  },
];
