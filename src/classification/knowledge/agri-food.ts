// biome-ignore-all format: lexicon data stays one entry per line so reviewers can scan terms and codes
// Agriculture, horticulture, forestry and food processing (LoW chapter 02) and wood, paper and leather
// processing (chapters 03 and 04). Codes are the legal entries of those chapters.
import type { ConceptDef } from './types.ts';

export const agriFoodConcepts: ConceptDef[] = [
  {
    id: 'fallen-stock',
    terms: ['fallen stock', 'dead stock', 'deadstock', 'dead sheep', 'dead lambs', 'dead cattle', 'dead cows', 'dead calves', 'dead pigs', 'dead birds', 'dead chickens', 'dead poultry', 'casualty animals', 'mortalities', 'dead fish'],
    codes: ['02 01 02', '02 02 02@0.4', '18 02 02@0.3'],
    flags: ['ANIMAL_BY_PRODUCTS'],
    note: 'abp',
    source: 'LoW 02 01 02 animal-tissue waste (agriculture)',
  },
  {
    id: 'manure',
    terms: ['manure', 'slurry', 'farmyard manure', 'fym', 'dung', 'cow muck', 'horse manure', 'chicken manure', 'poultry manure', 'poultry litter', 'stable waste', 'soiled bedding', 'soiled straw', 'animal bedding', 'pig slurry', 'horse muck', 'muck heap', 'animal faeces', 'droppings'],
    codes: ['02 01 06', '20 02 01@0.2'],
    note: 'manure',
    source: 'LoW 02 01 06 animal faeces, urine and manure (including spoiled straw)',
  },
  {
    id: 'animal-tissue',
    terms: ['offal', 'blood and guts', 'guts', 'trimmings meat', 'meat trimmings', 'bones', 'fat trimmings', 'skins', 'hides', 'feathers', 'fish waste', 'fish heads', 'fish guts', 'fish skins', 'abattoir waste', 'slaughterhouse waste', 'animal by products', 'animal by product', 'abps', 'abp', 'category 3', 'cat 3', 'meat waste', 'trimmings', 'shells seafood', 'shellfish shells', 'fish frames', 'heads and guts', 'carcass trimmings'],
    codes: ['02 02 02', '02 01 02@0.45', '20 01 08@0.3'],
    flags: ['ANIMAL_BY_PRODUCTS'],
    note: 'abp',
    source: 'LoW 02 02 02 animal-tissue waste (meat, fish and other foods of animal origin)',
  },
  {
    id: 'plant-tissue',
    terms: ['crop residues', 'crop waste', 'straw', 'hay', 'plant waste', 'potato waste', 'spoiled crops', 'vegetable waste farm', 'plant tissue', 'mushroom compost', 'spent mushroom compost', 'spent compost'],
    codes: ['02 01 03', '20 02 01@0.45', '02 03 04@0.35'],
    source: 'LoW 02 01 03 plant-tissue waste',
  },
  {
    // Named crops: food when a shop or kitchen throws them away (20 01 08), plant tissue on the farm that
    // grew or stored them (02 01 03); the activity decides.
    id: 'crops',
    terms: ['potatoes', 'potato', 'carrots', 'onions', 'swedes', 'parsnips', 'turnips', 'cabbages', 'brassicas', 'sprouts', 'leeks', 'sugar beet', 'apples', 'pears', 'soft fruit', 'strawberries', 'lettuce', 'lettuces', 'spinach', 'salad leaves', 'salad leaf', 'rocket leaves', 'watercress', 'cucumbers', 'tomatoes', 'peppers', 'rotten vegetables', 'rotting vegetables', 'rotten fruit'],
    codes: ['20 01 08', '02 01 03@0.8', '02 03 04@0.45'],
    source: 'LoW 02 01 03 plant-tissue waste (agriculture); EA Using the List of Wastes, Annex 2: 20 01 08 biodegradable kitchen waste',
  },
  {
    id: 'ag-plastics',
    terms: ['silage wrap', 'bale wrap', 'silage sheet', 'silage plastic', 'silage film', 'crop cover', 'crop covers', 'fleece crop', 'polytunnel sheeting', 'polytunnel plastic', 'mulch film', 'farm plastics', 'agricultural plastics', 'ag plastics', 'agricultural film', 'net wrap', 'baler twine', 'silage sheet plastic'],
    codes: ['02 01 04', '15 01 02@0.45'],
    source: 'LoW 02 01 04 waste plastics (except packaging) from agriculture',
  },
  {
    id: 'forestry',
    terms: ['forestry waste', 'brash', 'tree tops', 'forestry arisings', 'felling waste', 'wood from felling', 'lop and top', 'thinnings'],
    codes: ['02 01 07', '20 02 01@0.55'],
    source: 'LoW 02 01 07 wastes from forestry',
  },
  {
    id: 'beet-soil',
    terms: ['beet soil', 'sugar beet soil', 'soil from beet', 'soil washed off beet', 'soil from cleaning beet', 'tare soil'],
    cooccur: [['soil', 'mud', 'dirt'], ['beet', 'potatoes', 'carrots', 'vegetables']],
    codes: ['02 04 01', '02 01 99@0.05'],
    source: 'LoW 02 04 01 soil from cleaning and washing beet',
  },
  {
    id: 'effluent-sludge',
    terms: ['effluent treatment sludge', 'etp sludge', 'effluent sludge', 'daf sludge', 'sludge from on site effluent treatment', 'on site effluent treatment', 'effluent plant sludge', 'sludge from our own effluent treatment', 'sludge from effluent treatment', 'trade effluent sludge'],
    cooccur: [['sludge', 'sludges', 'cake'], ['effluent', 'etp', 'daf']],
    codes: ['02 02 04@0.7', '02 03 05@0.7', '02 05 02@0.65', '02 06 03@0.65', '02 07 05@0.65', '02 04 03@0.6', '04 02 20@0.6', '03 03 11@0.5', '07 02 12@0.5', '07 01 12@0.45', '07 05 12@0.45', '07 06 12@0.45', '07 07 12@0.45', '19 08 14@0.35', '05 01 10@0.35', '06 05 03@0.35', '11 01 10@0.3', '08 01 16@0.2'],
    specificity: 0.7,
    source: 'LoW: sludges from on-site effluent treatment (02 02 04, 02 03 05, 04 02 20, 07 0x 12 ...)',
  },
  {
    id: 'distillery',
    terms: ['pot ale', 'spent wash', 'spent lees', 'draff', 'distillery waste', 'spirits distillation waste', 'burnt ale'],
    codes: ['02 07 02'],
    source: 'LoW 02 07 02 wastes from spirits distillation',
  },
  {
    id: 'brewery',
    terms: ['spent grain', 'spent grains', 'brewers grains', 'spent hops', 'brewers yeast', 'spent yeast', 'trub', 'brewery waste'],
    codes: ['02 07 04', '02 07 01@0.4'],
    source: 'LoW 02 07 04 materials unsuitable for consumption or processing (beverages)',
  },
  {
    id: 'sawdust',
    terms: ['sawdust', 'saw dust', 'shavings', 'wood shavings', 'wood dust', 'wood chips', 'woodchip', 'cuttings wood', 'sanding dust', 'sawmill waste', 'joinery waste', 'planer shavings', 'sawdust and shavings'],
    codes: ['03 01 05', '17 02 01@0.4', '20 01 38@0.3', '15 02 03@0.2', '19 12 07@0.25'],
    source: 'LoW 03 01 05 sawdust, shavings, cuttings, wood, particle board and veneer (mirror of 03 01 04*)',
  },
  {
    id: 'bark',
    terms: ['bark', 'tree bark', 'cork', 'bark waste'],
    codes: ['03 01 01', '20 02 01@0.4'],
    source: 'LoW 03 01 01 waste bark and cork',
  },
  {
    id: 'wood-preservatives',
    terms: ['wood preservative', 'wood preservatives', 'timber treatment fluid', 'timber treatment chemicals', 'treatment fluid', 'preservative'],
    codes: ['03 02 05', '03 02 01@0.6', '03 02 04@0.5', '20 01 27@0.3h'],
    evidence: 'chemical',
    source: 'LoW 03 02 wood preservation wastes',
  },
  {
    id: 'cca',
    terms: ['cca', 'tanalith', 'copper chrome arsenate', 'chromated copper arsenate', 'inorganic preservative', 'inorganic wood preservative'],
    codes: ['03 02 04', '17 02 04@0.3'],
    evidence: 'heavy_metal',
    source: 'LoW 03 02 04* inorganic wood preservatives',
  },
  {
    id: 'deinking',
    terms: ['de inking sludge', 'deinking sludge', 'de inking sludges', 'deinking'],
    codes: ['03 03 05'],
    source: 'LoW 03 03 05 de-inking sludges from paper recycling',
  },
  {
    id: 'paper-mill',
    terms: ['fibre rejects', 'fiber rejects', 'filler sludge', 'coating sludge', 'paper mill sludge', 'pulp rejects', 'fibre sludge', 'reject fibres', 'paper sludge'],
    codes: ['03 03 10', '03 03 11@0.6', '03 03 07@0.4'],
    source: 'LoW 03 03 10 fibre rejects, fibre-, filler- and coating-sludges',
  },
  {
    id: 'tannery',
    terms: ['chrome shavings', 'leather shavings', 'buffing dust', 'blue shavings', 'wet blue', 'tanned leather', 'chrome tanned leather', 'leather offcuts', 'leather trimmings', 'leather waste', 'leather dust'],
    codes: ['04 01 08', '04 01 09@0.5'],
    source: 'LoW 04 01 08 waste tanned leather containing chromium',
  },
  {
    id: 'fleshings',
    terms: ['fleshings', 'lime split', 'lime splits', 'fleshing'],
    codes: ['04 01 01'],
    source: 'LoW 04 01 01 fleshings and lime split wastes',
  },
  {
    id: 'textile-fibres',
    terms: ['yarn waste', 'yarn', 'fibre waste', 'fabric offcuts', 'textile offcuts', 'cutting room waste', 'textile waste', 'spinning waste', 'thread waste', 'fabric scraps', 'selvedge'],
    codes: ['04 02 22', '20 01 11@0.4', '04 02 21@0.4'],
    source: 'LoW 04 02 22 wastes from processed textile fibres',
  },
  {
    id: 'raw-fibres',
    terms: ['raw wool', 'unprocessed fibres', 'unprocessed wool', 'wool waste', 'raw cotton', 'scouring waste', 'greasy wool'],
    codes: ['04 02 21', '04 02 22@0.4'],
    source: 'LoW 04 02 21 wastes from unprocessed textile fibres',
  },
  {
    id: 'dyestuffs',
    terms: ['dyestuffs', 'dyestuff', 'dyes', 'dye', 'pigments', 'dye waste', 'leftover dyes'],
    codes: ['04 02 16', '04 02 17@0.6', '08 01 11@0.15'],
    source: 'LoW 04 02 16* dyestuffs and pigments containing hazardous substances (mirror 04 02 17)',
  },
];
