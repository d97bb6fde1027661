// biome-ignore-all format: lexicon data stays one entry per line so reviewers can scan terms and codes
// Activity cues: the producing activity decides the chapter first (LoW coding order, WM3 Annex 1 / the
// introduction to the List of Wastes: chapters 01-12 and 17-20 by source; then 13-15; then 16; then 99).
// Prefixes are chapters or sub-chapters with how strongly the activity points to them.
import type { ActivityCueDef, MakingWords } from './types.ts';

/**
 * How source_industry names a trade by what it makes (ActivityCueDef.products): the product right before
 * a maker ("salad packer", "sausage and bacon factory", "cheese maker"), or after a site and a verb of
 * making ("factory making bagged salads", "plant producing sausages"). Not "producer" alone (a milk
 * producer is a dairy farm) nor "plant" alone (a herb plant nursery, a composting plant).
 */
export const makingWords: MakingWords = {
  makers: ['factory', 'factories', 'manufacturer', 'manufacturers', 'manufacturing', 'manufacture', 'processor', 'processors', 'processing', 'packer', 'packers', 'packing', 'packhouse', 'maker', 'makers', 'making', 'preparation'],
  verbs: ['making', 'makes', 'make', 'producing', 'produces', 'processing', 'processes', 'packing', 'packs', 'preparing', 'prepares', 'manufacturing', 'manufactures'],
  sites: ['factory', 'factories', 'plant', 'site', 'unit', 'company', 'firm', 'business', 'works', 'line'],
};

export const activityCues: ActivityCueDef[] = [
  {
    label: 'care and nursing homes',
    terms: ['care home', 'care homes', 'nursing home', 'residential home', 'patients', 'patient', 'treating patients', 'domiciliary care', 'home care'],
    prefixes: [['18 01', 0.8], ['20', 0.5]],
    setting: 'business',
  },
  {
    label: 'construction or demolition',
    terms: ['construction', 'builder', 'builders', 'building contractor', 'building site', 'building', 'demolition', 'refurbishment', 'refurb', 'renovation', 'groundworks', 'groundworker', 'civil engineering', 'civils', 'roofer', 'roofing', 'roofing contractor', 'scaffolding', 'bricklayer', 'plasterer', 'dry liner', 'dry lining', 'insulation installer', 'shopfitter', 'shopfitting', 'window fitter', 'window installer', 'kitchen fitter', 'bathroom fitter', 'extension', 'loft conversion', 'strip out', 'developer', 'housing development', 'house builder', 'housebuilder', 'piling contractor', 'piling', 'drainage contractor', 'driveway installer', 'driveway contractor', 'paving contractor', 'contractor', 'construction site', 'site clearance', 'asbestos removal', 'asbestos contractor', 'remediation contractor', 'fit out', 'handyman', 'property maintenance', 'carpenter', 'joiner site', 'rip out', 'strip out', 'letting agent', 'lettings', 'rewire', 'electrician', 'electrical contractor', 'plumber', 'plumbing', 'plumbing and heating', 'heating engineer', 'kitchen refit', 'bathroom refit', 'house refurbishment', 'office refurbishment', 'building maintenance'],
    prefixes: [['17', 1.0]],
    setting: 'business',
  },
  {
    label: 'road and highway works',
    terms: ['road works', 'roadworks', 'highways', 'highways contractor', 'road surfacing', 'surfacing contractor', 'resurfacing', 'road resurfacing', 'utility contractor', 'street works'],
    prefixes: [['17', 1.0], ['17 03', 0.6]],
    setting: 'business',
  },
  {
    label: 'railway works',
    terms: ['railway', 'railway renewal', 'railway maintenance', 'rail', 'track renewal', 'network rail'],
    prefixes: [['17', 1.0], ['17 05', 0.5]],
    setting: 'business',
  },
  {
    label: 'landscaping',
    terms: ['landscaper', 'landscaping', 'landscape gardener', 'garden landscaping'],
    prefixes: [['17', 0.6], ['20 02', 0.8]],
    setting: 'business',
  },
  {
    // "Garage" alone reads as a motor trade; a garage's own roof, door or demolition is building work
    // (GOV.UK C&D guidance codes its materials in chapter 17), whoever owns it.
    label: 'building work on a garage or outbuilding',
    terms: ['garage roof', 'garage roofs', 'garage roofing', 'garage door', 'garage doors', 'garage demolition', 'demolished garage', 'old garage', 'garage conversion', 'garage wall', 'garage walls', 'garage floor', 'shed roof', 'outbuilding', 'outbuildings', 'lean to', 'carport'],
    prefixes: [['17', 1.0]],
  },
  {
    label: 'household clear-out',
    terms: ['garage clear out', 'garage clearout', 'garage clearance', 'clearing the garage', 'clearing out the garage', 'loft clearance', 'shed clearance'],
    prefixes: [['20', 1.0]],
    setting: 'household',
  },
  {
    // Wastes households bring to a council site are municipal: chapter 20's separately collected
    // fractions, not the chapter of the trade that makes such waste (LoW chapter 20 title; GOV.UK "How to
    // classify different types of waste", household waste).
    label: 'household waste site',
    terms: ['hwrc', 'household waste recycling centre', 'household waste recycling centres', 'household waste site', 'civic amenity', 'civic amenity site', 'the tip', 'recycling centre', 'residents', 'householders', 'by the public', 'members of the public'],
    prefixes: [['20', 1.0]],
    setting: 'household',
    householdSite: true,
  },
  {
    label: 'household',
    terms: ['household', 'households', 'householder', 'domestic', 'home', 'house', 'house clearance', 'household clearance', 'home owner', 'homeowner', 'residential', 'diy', 'my house', 'our house', 'flat', 'tenant', 'tip', 'household collection', 'kerbside', 'council collection', 'garden clearance', 'domestic kitchen', 'private residence', 'household batteries'],
    prefixes: [['20', 1.0]],
    setting: 'household',
  },
  {
    label: 'commercial premises (municipal-type waste)',
    terms: ['office', 'offices', 'shop', 'retail', 'retail shop', 'retailer', 'supermarket', 'restaurant', 'cafe', 'pub', 'bar', 'hotel', 'takeaway', 'school', 'college', 'university', 'nursery', 'childrens nursery', 'charity shop', 'newsagent', 'hairdresser', 'salon', 'gym', 'church', 'solicitors', 'bank', 'call centre', 'canteen', 'staff room', 'kitchen', 'commercial kitchen', 'hotel kitchen', 'restaurant kitchen', 'factory canteen', 'cinema', 'theatre', 'leisure centre', 'holiday cottage', 'caravan park', 'campsite', 'business park', 'commercial', 'fish and chip shop', 'chip shop', 'bakery shop', 'butchers shop', 'office kitchen', 'council', 'street cleansing', 'highways authority', 'greengrocer', 'greengrocers', 'florist', 'florists', 'day nursery', 'library', 'community centre', 'village hall', 'sports club', 'clubhouse', 'care setting office', 'car park', 'business premises', 'shopping centre', 'department store', 'convenience store', 'corner shop', 'takeaway shop', 'coffee shop', 'public house', 'nightclub', 'wine bar', 'events venue', 'stadium', 'airport terminal', 'train station'],
    prefixes: [['20', 0.8]],
    setting: 'business',
  },
  {
    // LoW 20 03 02 waste from markets: the mixed waste of a market; its separately collected fractions
    // keep their own 20 01 (or 15 01) entries.
    label: 'markets',
    terms: ['market', 'markets', 'street market', 'market stall', 'market stalls', 'market trader', 'market traders', 'indoor market', 'covered market', 'farmers market', 'fish market', 'flower market', 'wholesale market', 'christmas market'],
    prefixes: [['20 03 02', 2.0], ['20 01', 0.8]],
    setting: 'business',
  },
  {
    // A community pharmacy takes back the public's unwanted medicines (household waste, 20 01 31* /
    // 20 01 32) as well as disposing of its own stock (18 01 08* / 18 01 09): the waste named decides.
    label: 'community pharmacy',
    terms: ['pharmacy', 'pharmacies', 'chemist', 'chemists', 'community pharmacy', 'high street pharmacy', 'pharmacist', 'dispensing chemist'],
    prefixes: [['18 01', 1.0], ['20 01 31', 1.3], ['20 01 32', 1.3]],
    setting: 'business',
  },
  {
    label: 'garden and grounds maintenance',
    terms: ['gardener', 'gardening', 'gardening business', 'grounds maintenance', 'tree surgeon', 'tree surgery', 'arborist', 'garden centre', 'parks', 'golf course', 'garden maintenance'],
    prefixes: [['20 02', 1.0], ['20', 0.4]],
    setting: 'business',
  },
  {
    label: 'human healthcare',
    terms: ['hospital', 'hospitals', 'gp', 'gp surgery', 'gp practice', 'doctors surgery', 'surgery medical', 'dental', 'dentist', 'dental practice', 'dental surgery', 'clinic', 'health centre', 'hospital pharmacy', 'care home nursing', 'hospice', 'ward', 'hospital ward', 'maternity', 'oncology', 'pathology', 'pathology lab', 'hospital pathology lab', 'fracture clinic', 'diabetic clinic', 'podiatrist', 'chiropodist', 'optician', 'tattoo', 'tattoo studio', 'tattooist', 'piercing', 'beauty salon', 'aesthetics clinic', 'nhs', 'ambulance', 'radiology', 'hospital radiology', 'phlebotomy', 'vaccination clinic', 'first aid'],
    prefixes: [['18 01', 1.3]],
    setting: 'business',
  },
  {
    label: 'animal healthcare',
    terms: ['vet', 'vets', 'veterinary', 'veterinary practice', 'veterinary surgery', 'veterinary hospital', 'animal hospital', 'vet practice', 'vet clinic', 'animal clinic', 'canine', 'feline', 'equine', 'vaccinating cattle', 'vaccinating sheep', 'vaccinating livestock', 'treating livestock', 'treating cattle', 'treating sheep', 'lambing', 'calving'],
    prefixes: [['18 02', 2.5]],
    setting: 'business',
  },
  {
    label: 'vehicle maintenance and dismantling',
    terms: ['garage', 'motor repairs', 'vehicle repair', 'car repair', 'mechanic', 'mot', 'mot centre', 'tyre fitter', 'tyre shop', 'fast fit', 'vehicle dismantler', 'vehicle dismantling', 'car dismantling', 'car dismantler', 'atf', 'authorised treatment facility', 'scrapyard', 'breakers yard', 'vehicle depot', 'bus depot', 'fleet maintenance', 'haulage', 'haulage yard', 'transport depot', 'plant hire', 'plant hire depot', 'car wash', 'valeting', 'petrol station', 'filling station', 'forecourt', 'roadside recovery', 'delivery company', 'taxi firm', 'classic car restorer', 'gearbox rebuilder', 'motorcycle repairs', 'agricultural engineer', 'windscreen fitter', 'windscreen repair', 'tyre and exhaust centre', 'exhaust centre', 'vehicle recycler', 'van servicing', 'van fleet workshop', 'fleet workshop', 'vehicle recovery operator', 'vehicle recovery', 'recovery operator'],
    prefixes: [['16 01', 1.1], ['13', 0.5]],
    setting: 'business',
  },
  {
    label: 'vehicle body repair and paint spraying',
    terms: ['body shop', 'bodyshop', 'vehicle body repair', 'car body shop', 'paint shop', 'vehicle paint shop', 'spray shop', 'car body repair', 'smart repair'],
    prefixes: [['08 01', 1.0], ['16 01', 0.5]],
    setting: 'business',
  },
  {
    label: 'marine',
    terms: ['marina', 'boatyard', 'boat yard', 'shipping', 'harbour', 'port', 'boat'],
    prefixes: [['13 04', 1.0], ['16', 0.2]],
    setting: 'business',
  },
  {
    label: 'agriculture',
    terms: ['farm', 'farmer', 'farming', 'agriculture', 'agricultural', 'dairy farm', 'poultry farm', 'pig farm', 'livery yard', 'livery', 'stables', 'equestrian', 'smallholding', 'arable', 'livestock', 'horticulture', 'nursery plants', 'greenhouse', 'glasshouse', 'market garden', 'fish farm', 'aquaculture'],
    // A farm's healthcare waste comes from treating its animals: 18 02 (GOV.UK "How to classify different
    // types of waste", healthcare; HTM 07-01 applies the same codes to veterinary waste).
    prefixes: [['02 01', 1.2], ['18 02', 2.0]],
    setting: 'business',
  },
  {
    label: 'forestry',
    terms: ['forestry', 'forest', 'woodland management', 'timber harvesting', 'tree felling', 'felling'],
    prefixes: [['02 01', 1.0]],
    setting: 'business',
  },
  {
    label: 'meat, fish and animal food processing',
    terms: ['abattoir', 'slaughterhouse', 'meat processing', 'meat processor', 'butchery', 'cutting plant', 'poultry processing', 'fish processing', 'fish processor', 'seafood processing', 'fishmonger', 'rendering', 'meat plant'],
    products: ['meat', 'meats', 'poultry', 'chicken', 'turkey', 'seafood', 'shellfish', 'prawn', 'prawns', 'salmon', 'sausage', 'sausages', 'bacon', 'ham', 'pork', 'beef', 'lamb', 'pies'],
    prefixes: [['02 02', 1.5]],
    setting: 'business',
  },
  {
    label: 'fruit, vegetable and food manufacturing',
    terms: ['food processing', 'food manufacturing', 'food manufacturer', 'food factory', 'food production', 'vegetable processing', 'fruit processing', 'vegetable and fruit processing factory', 'fruit juice processing', 'juice processing', 'salad packing', 'packhouse', 'ready meals factory', 'snack manufacturer', 'crisp factory', 'frozen food', 'potato processing', 'vegetable preserving', 'fruit preserving', 'edible oil processing', 'edible oil refining', 'oilseed crushing', 'oil extraction plant', 'pickle factory', 'cannery', 'canning factory', 'snack food manufacture', 'crisp manufacture', 'starch manufacture', 'coffee processing', 'tea processing', 'tobacco processing', 'yeast manufacture', 'spice processing'],
    products: ['salad', 'salads', 'vegetable', 'vegetables', 'veg', 'fruit', 'fruits', 'potato', 'potatoes', 'crisps', 'snack', 'snacks', 'jam', 'jams', 'pickle', 'pickles', 'soup', 'soups', 'sauce', 'sauces', 'herbs', 'rice', 'pasta', 'cereal', 'cereals', 'flour', 'coffee', 'cocoa', 'spice', 'spices', 'starch', 'oilseed'],
    prefixes: [['02 03', 1.5]],
    setting: 'business',
  },
  {
    label: 'sugar processing',
    terms: ['sugar beet processing', 'sugar factory', 'sugar refinery', 'sugar beet'],
    prefixes: [['02 04', 1.5]],
    setting: 'business',
  },
  {
    label: 'dairy processing',
    terms: ['dairy products manufacturer', 'dairy processing', 'creamery', 'cheese maker', 'cheese factory', 'yoghurt factory', 'dairy'],
    products: ['cheese', 'cheeses', 'yoghurt', 'yoghurts', 'yogurt', 'yogurts', 'dairy'],
    prefixes: [['02 05', 1.5]],
    setting: 'business',
  },
  {
    label: 'bakery and confectionery manufacture',
    terms: ['bakery', 'bakers', 'baker', 'industrial bakery', 'cake factory', 'biscuit factory', 'confectionery', 'confectionery manufacture', 'confectionery factory', 'chocolate factory', 'sweet factory', 'biscuit manufacture'],
    products: ['bread', 'biscuit', 'biscuits', 'pastry', 'pastries', 'chocolate', 'chocolates', 'sweets', 'confectionery'],
    prefixes: [['02 06', 1.5]],
    setting: 'business',
  },
  {
    label: 'drinks production',
    terms: ['brewery', 'microbrewery', 'distillery', 'whisky distillery', 'gin distillery', 'winery', 'cider maker', 'soft drinks', 'bottling plant', 'coffee roasters', 'drinks manufacturer', 'cider mill', 'cider making', 'cidery', 'brewing', 'maltings', 'malting', 'winemaking', 'wine making', 'beverage manufacture'],
    products: ['beer', 'beers', 'ale', 'wine', 'wines', 'cider', 'whisky', 'gin', 'vodka', 'beverage', 'beverages'],
    prefixes: [['02 07', 1.5]],
    setting: 'business',
  },
  {
    label: 'wood processing and furniture manufacture',
    terms: ['joinery', 'joinery workshop', 'sawmill', 'saw mill', 'furniture manufacture', 'furniture manufacturer', 'furniture maker', 'furniture workshop', 'furniture making', 'kitchen cabinet manufacturer', 'cabinet maker', 'carpentry workshop', 'woodworking', 'woodwork shop', 'timber yard', 'timber merchant', 'pallet manufacturer', 'wood turning'],
    prefixes: [['03 01', 1.3], ['03 02', 0.6]],
    setting: 'business',
  },
  {
    label: 'wood preservation',
    terms: ['timber preservation', 'wood preservation', 'timber treatment', 'timber treatment plant', 'timber treatment works', 'pressure treatment plant', 'vac pressure plant', 'pole treatment works', 'sleeper treatment plant', 'tanalising plant'],
    prefixes: [['03 02', 1.6], ['03 01', 0.4]],
    setting: 'business',
  },
  {
    label: 'pulp, paper and card production',
    terms: ['paper mill', 'pulp mill', 'paper recycling mill', 'board mill', 'paper manufacturer', 'cardboard manufacturer', 'paper making', 'paperboard mill', 'recycled paperboard mill', 'kraft pulp mill', 'kraft mill', 'tissue mill', 'paper and board mill', 'board making'],
    prefixes: [['03 03', 1.5]],
    setting: 'business',
  },
  {
    label: 'leather and fur industry',
    terms: ['tannery', 'tanning', 'leather works', 'leather industry', 'fur', 'fellmongery', 'fellmonger', 'leather tannery', 'leather finishing', 'leather manufacture', 'leather dressing'],
    prefixes: [['04 01', 1.5]],
    setting: 'business',
  },
  {
    label: 'textile industry',
    terms: ['textile', 'textiles industry', 'textile mill', 'textile dye house', 'dye house', 'dyehouse', 'textile finishing', 'spinning mill', 'woollen mill', 'weaving', 'clothing manufacturer', 'garment factory', 'garment manufacturer', 'knitwear', 'carpet manufacturer', 'technical textile manufacture', 'textile coating', 'textile manufacture', 'textile dyeing', 'textile dyeing and finishing', 'wool scouring', 'dyeing and finishing', 'carpet manufacture', 'soft furnishings manufacturer', 'soft furnishing manufacturer', 'soft furnishings maker', 'curtain maker', 'curtain manufacturer', 'clothing factory', 'cut and sew', 'sewing factory', 'textile printer', 'embroidery works'],
    prefixes: [['04 02', 1.5]],
    setting: 'business',
  },
  {
    label: 'petroleum refining',
    terms: ['refinery', 'oil refinery', 'petroleum refining', 'petrochemical', 'oil terminal', 'fuel terminal'],
    prefixes: [['05 01', 1.5]],
    setting: 'business',
  },
  {
    // LoW 05 06: wastes from the pyrolytic treatment of coal (coke ovens).
    label: 'coal pyrolysis (coking)',
    terms: ['coking works', 'coking plant', 'coke ovens', 'coke oven', 'coke works', 'coke oven by products plant'],
    prefixes: [['05 06', 1.6]],
    setting: 'business',
  },
  {
    label: 'natural gas processing',
    terms: ['natural gas purification', 'gas processing', 'gas terminal', 'gas plant'],
    prefixes: [['05 07', 1.5]],
    setting: 'business',
  },
  {
    label: 'inorganic chemical processes',
    terms: ['inorganic chemicals manufacture', 'inorganic chemical', 'inorganic chemicals', 'manufacture of bases', 'chemical manufacturing inorganic acids', 'inorganic acids', 'chlor alkali plant', 'chlor alkali', 'pigment manufacture', 'titanium dioxide plant', 'titanium dioxide production', 'carbon black plant', 'fertiliser manufacture', 'acid plant', 'inorganic chemical manufacture', 'inorganic chemicals production', 'metallic oxide manufacture', 'metal oxide manufacture', 'silicon chemicals manufacture', 'carbon black manufacture', 'nitrogen chemicals manufacture', 'ammonia plant', 'fertiliser plant', 'fertiliser manufacturing'],
    prefixes: [['06', 1.5]],
    setting: 'business',
  },
  {
    // The sub-chapters of LoW 06 follow the product: acids, bases, salts, sulphur, halogen and phosphorus chemistry.
    label: 'acid manufacture',
    terms: ['acid manufacture', 'acid production', 'acid manufacturer', 'sulphuric acid plant', 'nitric acid plant'],
    prefixes: [['06 01', 1.6], ['06', 0.6]],
    setting: 'business',
  },
  {
    label: 'inorganic salts manufacture',
    terms: ['inorganic salts manufacture', 'inorganic salts', 'salt manufacture', 'salt manufacturing', 'salt works', 'cyanide manufacture', 'metal salts manufacture'],
    prefixes: [['06 03', 1.6], ['06', 0.6]],
    setting: 'business',
  },
  {
    label: 'sulphur chemicals manufacture',
    terms: ['sulphur chemical manufacture', 'sulphur chemicals', 'sulphur chemicals production', 'sulfur chemicals'],
    prefixes: [['06 06', 1.6], ['06', 0.6]],
    setting: 'business',
  },
  {
    label: 'phosphorus chemicals manufacture',
    terms: ['phosphorus manufacture', 'phosphoric acid manufacture', 'phosphoric acid production', 'phosphate manufacture', 'phosphate fertiliser manufacture'],
    prefixes: [['06 09', 1.6], ['06', 0.6]],
    setting: 'business',
  },
  {
    // LoW 06 and 07 cover manufacture, formulation, supply and use (MFSU): a supplier discarding unsold chemicals is in them too.
    label: 'chemical supply and distribution',
    terms: ['chemical distribution', 'chemical distributor', 'chemical supplier', 'chemical supply', 'chemicals distributor', 'chemical trader'],
    prefixes: [['06', 1.0], ['07', 0.6], ['16 05', 0.4]],
    setting: 'business',
  },
  {
    label: 'organic chemical processes',
    terms: ['organic chemicals', 'chemical plant', 'chemical works', 'chemical manufacturing', 'chemical manufacturer', 'chemical manufacture', 'chemical production', 'chemicals manufacture'],
    prefixes: [['07', 1.0], ['06', 0.4], ['16 05', 0.3]],
    setting: 'business',
  },
  {
    label: 'basic organic chemicals',
    terms: ['basic organic chemical manufacture', 'basic organic chemicals', 'organic chemical manufacture', 'bulk organic chemicals', 'bulk chemicals', 'petrochemicals manufacture'],
    prefixes: [['07 01', 1.6], ['07', 0.5]],
    setting: 'business',
  },
  {
    label: 'organic dyes and pigments manufacture',
    terms: ['organic dye manufacture', 'dye manufacture', 'dyestuff manufacture', 'organic pigment manufacture', 'dye manufacturer'],
    prefixes: [['07 03', 1.6], ['07', 0.5]],
    setting: 'business',
  },
  {
    label: 'fine and speciality chemicals',
    terms: ['fine chemicals', 'fine chemicals manufacture', 'fine chemicals production', 'speciality chemicals', 'specialty chemicals', 'fine chemical'],
    prefixes: [['07 07', 1.5], ['07', 0.5]],
    setting: 'business',
  },
  {
    label: 'pharmaceutical manufacture',
    terms: ['pharmaceutical manufacturing', 'pharmaceutical manufacturer', 'pharmaceutical plant', 'pharma', 'pharma manufacturing', 'drug manufacturer', 'api manufacture', 'pharmaceutical manufacture', 'pharmaceutical production', 'pharmaceutical api manufacture', 'pharma site', 'tablet manufacture', 'generic medicines manufacture'],
    prefixes: [['07 05', 1.6]],
    setting: 'business',
  },
  {
    label: 'plastics and rubber manufacture',
    terms: ['plastics manufacturing', 'plastics manufacture', 'plastics factory', 'polymer manufacturer', 'injection moulding', 'plastic moulding', 'extrusion plant', 'rubber manufacture', 'polymer plant', 'compounder', 'polymer manufacture', 'polymerisation', 'polymerisation plant', 'plastics compounding', 'pvc compounding', 'compounding', 'silicone rubber manufacture', 'silicone manufacture', 'resin manufacture', 'resin and plastics manufacture', 'synthetic rubber manufacture', 'masterbatch manufacture'],
    prefixes: [['07 02', 1.5]],
    setting: 'business',
  },
  {
    label: 'cosmetics, soaps and detergents manufacture',
    terms: ['cosmetics factory', 'cosmetics manufacturer', 'soap manufacturer', 'detergent manufacturer', 'toiletries manufacturer', 'detergent manufacture', 'cosmetics manufacture', 'cosmetics production', 'soap manufacture', 'soap factory', 'soap making', 'toiletries manufacture', 'personal care products manufacture'],
    prefixes: [['07 06', 1.2], ['16 03', 0.6]],
    setting: 'business',
  },
  {
    label: 'pesticide manufacture',
    terms: ['agrochemical manufacturer', 'pesticide manufacturer', 'pesticide formulation', 'pesticide manufacture', 'agrochemical formulation', 'herbicide manufacture', 'biocide manufacture', 'pesticide formulation plant', 'agrochemical manufacture'],
    prefixes: [['07 04', 1.5]],
    setting: 'business',
  },
  {
    label: 'paints, coatings and painting',
    terms: ['painting and decorating', 'painter decorator', 'painter', 'decorator', 'decorators', 'painters', 'paint manufacturer', 'coatings manufacturer', 'coating', 'spray painting', 'industrial painting', 'sign maker', 'signwriter', 'powder coating', 'powder coater', 'furniture finishing', 'french polisher', 'flooring contractor', 'flooring fitter', 'floor layer', 'painting contractor', 'decorating contractor', 'painting and decorating contractor', 'paint manufacture', 'coatings manufacture', 'varnish manufacture'],
    prefixes: [['08', 1.1]],
    setting: 'business',
  },
  {
    // Restorers strip and refinish: their paint and varnish removal wastes are 08 01, the wood 03 01.
    label: 'furniture restoration and refinishing',
    terms: ['furniture restoration', 'furniture restorer', 'furniture restorers', 'antique restoration', 'antique restorer', 'furniture stripping', 'pine stripping', 'pine stripper'],
    prefixes: [['08 01', 1.2], ['03 01', 0.8]],
    setting: 'business',
  },
  {
    // A safety data sheet or COSHH assessment is a business document: the producer is a business.
    label: 'business paperwork (safety data sheets)',
    terms: ['sds', 'msds', 'safety data sheet', 'safety data sheets', 'coshh', 'coshh assessment', 'coshh sheet'],
    prefixes: [],
    setting: 'business',
  },
  {
    // LoW 08 04 and 08 05: adhesives, sealants and isocyanates from their manufacture, formulation, supply and use.
    label: 'adhesives and sealants manufacture',
    terms: ['adhesive manufacture', 'adhesives manufacture', 'adhesive manufacturer', 'sealant manufacture', 'sealants manufacturer', 'glue manufacture'],
    prefixes: [['08 04', 1.6], ['08', 0.5]],
    setting: 'business',
  },
  {
    label: 'polyurethane foam manufacture',
    terms: ['polyurethane foam manufacture', 'pu foam manufacture', 'foam manufacture', 'polyurethane manufacture'],
    prefixes: [['08 05', 1.2], ['07 02', 0.8]],
    setting: 'business',
  },
  {
    label: 'printing',
    terms: ['printing', 'printers', 'printer', 'commercial printers', 'print shop', 'printing works', 'flexographic printing', 'litho printing', 'screen printing', 'screen printer', 'print works', 'packaging printer'],
    prefixes: [['08 03', 1.2], ['09 01', 0.5]],
    setting: 'business',
  },
  {
    label: 'photographic processing',
    terms: ['photo lab', 'photographic', 'photo processing', 'photo processing shop', 'x ray department', 'radiography', 'minilab', 'photographer'],
    prefixes: [['09 01', 1.5]],
    setting: 'business',
  },
  {
    label: 'power generation and boilers',
    terms: ['power station', 'coal fired power station', 'coal power station', 'power plant', 'biomass boiler', 'biomass plant', 'biomass power plant', 'boiler house', 'combustion plant', 'chp plant', 'steam boiler', 'coal boiler', 'oil fired power station', 'co incineration', 'coal fired boiler', 'biomass power station'],
    prefixes: [['10 01', 1.5]],
    setting: 'business',
  },
  {
    label: 'iron and steel industry',
    terms: ['steelworks', 'steel works', 'steel mill', 'steel plant', 'rolling mill', 'blast furnace', 'steelmaking'],
    prefixes: [['10 02', 1.5]],
    setting: 'business',
  },
  {
    label: 'aluminium thermal metallurgy',
    terms: ['aluminium smelter', 'secondary aluminium smelter', 'secondary aluminium smelting', 'aluminium smelting', 'aluminium refiner', 'aluminium recycler', 'aluminium remelt', 'aluminium remelting', 'aluminium recycling', 'secondary aluminium', 'aluminium reduction', 'aluminium billet casting'],
    prefixes: [['10 03', 1.6]],
    setting: 'business',
  },
  {
    label: 'lead thermal metallurgy',
    terms: ['lead smelter', 'secondary lead smelting', 'lead smelting', 'lead refinery', 'lead works'],
    prefixes: [['10 04', 1.6]],
    setting: 'business',
  },
  {
    label: 'zinc thermal metallurgy',
    terms: ['zinc smelter', 'zinc smelting', 'zinc refinery', 'zinc recycling'],
    prefixes: [['10 05', 1.6]],
    setting: 'business',
  },
  {
    label: 'copper thermal metallurgy',
    terms: ['copper smelter', 'copper smelting', 'copper refinery', 'copper refining', 'copper rod mill', 'brass mill', 'brass foundry mill', 'secondary copper'],
    prefixes: [['10 06', 1.6]],
    setting: 'business',
  },
  {
    label: 'silver, gold and platinum thermal metallurgy',
    terms: ['gold and silver refining', 'precious metal refining', 'precious metals refinery', 'pm refinery', 'bullion refinery', 'silver refinery', 'platinum refinery'],
    prefixes: [['10 07', 1.6]],
    setting: 'business',
  },
  {
    label: 'other non-ferrous thermal metallurgy',
    terms: ['magnesium production', 'magnesium smelting', 'tin smelter', 'tin smelting', 'nickel refinery', 'nickel smelter', 'cobalt refinery', 'ferroalloy', 'ferroalloy plant', 'silicon smelter', 'non ferrous smelter'],
    prefixes: [['10 08', 1.6]],
    setting: 'business',
  },
  {
    label: 'casting of ferrous pieces',
    terms: ['foundry', 'iron foundry', 'steel foundry', 'ferrous foundry', 'grey iron foundry'],
    prefixes: [['10 09', 1.4], ['10 10', 0.4]],
    setting: 'business',
  },
  {
    label: 'casting of non-ferrous pieces',
    terms: ['non ferrous foundry', 'aluminium foundry', 'bronze foundry', 'brass foundry', 'die casting', 'die caster', 'art foundry'],
    prefixes: [['10 10', 1.8]],
    setting: 'business',
  },
  {
    label: 'glass manufacture',
    terms: ['glass manufacturing', 'glass manufacturer', 'glass works', 'glassworks', 'glass factory', 'glass bottle manufacturer', 'float glass plant', 'mineral wool insulation manufacture', 'mineral wool manufacture', 'glass fibre manufacture', 'glass wool manufacture', 'crystal glass manufacture', 'crystal glassworks', 'crystal glassware maker', 'glassware maker', 'glass container manufacture', 'float glass manufacture'],
    prefixes: [['10 11', 1.5]],
    setting: 'business',
  },
  {
    label: 'ceramics and brick manufacture',
    terms: ['ceramics factory', 'ceramics manufacturer', 'pottery', 'pottery factory', 'brickworks', 'brick works', 'brick manufacturer', 'tile manufacturer', 'sanitaryware factory', 'sanitaryware manufacture', 'ceramic manufacture', 'tile manufacture', 'refractories manufacture', 'brick manufacture'],
    prefixes: [['10 12', 1.5]],
    setting: 'business',
  },
  {
    label: 'cement, lime, plaster and concrete products manufacture',
    terms: ['cement works', 'cement plant', 'cement kiln', 'lime works', 'precast concrete works', 'precast concrete', 'precast works', 'ready mix concrete', 'readymix', 'ready mix', 'concrete plant', 'batching plant', 'concrete products', 'block works', 'plaster manufacturer', 'asbestos cement manufacture', 'asbestos cement sheet production', 'fibre cement manufacture', 'cement manufacture', 'lime manufacture', 'concrete products manufacture', 'plasterboard manufacture'],
    prefixes: [['10 13', 1.5]],
    setting: 'business',
  },
  {
    // LoW 10 14: waste from crematoria (mercury abatement).
    label: 'crematoria',
    terms: ['crematorium', 'crematoria', 'cremation'],
    prefixes: [['10 14', 1.8]],
    setting: 'business',
  },
  {
    label: 'metal surface treatment and plating',
    terms: ['electroplating', 'electroplater', 'electroplaters', 'plating', 'plater', 'platers', 'plating shop', 'anodising', 'anodizing', 'metal finishing', 'metal finisher', 'chrome plating', 'etching', 'surface treatment', 'phosphating', 'metal degreasing', 'wire drawing', 'wire drawing works', 'pickling line', 'acid pickling'],
    prefixes: [['11 01', 1.5]],
    setting: 'business',
  },
  {
    label: 'non-ferrous hydrometallurgy',
    terms: ['hydrometallurgy', 'zinc hydrometallurgy', 'copper hydrometallurgy', 'electrowinning', 'zinc leach plant', 'solvent extraction electrowinning'],
    prefixes: [['11 02', 1.6]],
    setting: 'business',
  },
  {
    label: 'hardening and heat treatment',
    terms: ['heat treatment', 'heat treaters', 'heat treatment shop', 'case hardening', 'salt bath heat treatment', 'nitriding', 'carburising'],
    prefixes: [['11 03', 1.6], ['11', 0.4]],
    setting: 'business',
  },
  {
    label: 'hot-dip galvanising',
    terms: ['galvanising', 'galvanizing', 'hot dip galvanising', 'galvanisers', 'galvanizers', 'galvanizer', 'galvaniser', 'galvanising works'],
    prefixes: [['11 05', 1.8], ['11 01', 0.6]],
    setting: 'business',
  },
  {
    label: 'metal machining and fabrication',
    terms: ['engineering', 'engineering workshop', 'engineering works', 'precision engineering', 'machine shop', 'machining', 'machinists', 'cnc machining', 'cnc machine shop', 'cnc', 'toolmaker', 'toolroom', 'fabrication', 'fabrication shop', 'metal fabrication', 'steel fabrication', 'steel fabricator', 'welding', 'welder', 'blacksmith', 'sheet metal', 'turning', 'milling', 'grinding', 'shot blasting', 'blast cleaning', 'bridge maintenance', 'plastics machining', 'metal degreasing workshop', 'engineering company'],
    prefixes: [['12 01', 1.3], ['12', 0.3]],
    setting: 'business',
  },
  {
    // LoW 12 03: wastes from water and steam degreasing processes.
    label: 'water and steam degreasing',
    terms: ['steam degreasing', 'steam degreaser', 'parts washer', 'parts washing', 'component cleaning', 'metal component cleaning', 'engine reconditioning', 'engine rebuilding', 'aqueous degreasing'],
    prefixes: [['12 03', 1.6], ['12', 0.4]],
    setting: 'business',
  },
  {
    label: 'energy from waste and incineration',
    terms: ['energy from waste', 'energy from waste plant', 'efw', 'efw plant', 'incinerator', 'waste incinerator', 'incineration plant', 'erf', 'energy recovery facility', 'pyrolysis plant', 'gasification plant'],
    prefixes: [['19 01', 1.8]],
    setting: 'business',
  },
  {
    // LoW 19 02 / 19 03 / 19 04: outputs of physico-chemical treatment, stabilisation and vitrification.
    label: 'physico-chemical waste treatment',
    terms: ['liquid waste treatment', 'physico chemical treatment', 'chemical treatment plant', 'solvent blending', 'fuel blending', 'waste transfer and treatment', 'hazardous waste treatment', 'slf blending', 'treatment centre'],
    prefixes: [['19 02', 1.8], ['19', 0.5]],
    setting: 'business',
  },
  {
    label: 'stabilisation and solidification',
    terms: ['stabilisation plant', 'solidification plant', 'stabilisation and solidification', 'waste stabilisation', 'stabilisation facility', 'solidification facility'],
    prefixes: [['19 03', 1.8], ['19', 0.5]],
    setting: 'business',
  },
  {
    label: 'vitrification',
    terms: ['vitrification', 'vitrification plant', 'plasma vitrification', 'plasma furnace'],
    prefixes: [['19 04', 1.8], ['19', 0.5]],
    setting: 'business',
  },
  {
    label: 'composting',
    terms: ['composting site', 'composting', 'compost site', 'in vessel composting', 'windrow composting', 'green waste composting'],
    prefixes: [['19 05', 1.8]],
    setting: 'business',
  },
  {
    label: 'anaerobic digestion',
    terms: ['anaerobic digestion plant', 'anaerobic digestion', 'ad plant', 'biogas plant', 'digester'],
    prefixes: [['19 06', 1.8]],
    setting: 'business',
  },
  {
    label: 'landfill',
    terms: ['landfill', 'landfill site', 'landfill operator'],
    prefixes: [['19 07', 1.5]],
    setting: 'business',
  },
  {
    label: 'waste water treatment',
    terms: ['sewage treatment works', 'sewage works', 'sewage treatment', 'waste water treatment works', 'wastewater treatment works', 'waste water treatment', 'wastewater treatment', 'wwtw', 'stw', 'water company', 'sewage plant', 'effluent treatment works'],
    prefixes: [['19 08', 1.8]],
    setting: 'business',
  },
  {
    label: 'drinking and industrial water preparation',
    terms: ['drinking water treatment works', 'water treatment works', 'water treatment', 'water softening plant', 'water softening', 'water treatment plant', 'demineralisation plant', 'reverse osmosis', 'waterworks', 'water works', 'raw water intake', 'drinking water treatment', 'potable water', 'potable water treatment', 'potable filters', 'potable water filters', 'potable supply'],
    prefixes: [['19 09', 1.8]],
    setting: 'business',
  },
  {
    label: 'metal shredding',
    terms: ['metal shredder', 'shredder', 'shredding plant', 'car shredder', 'fragmentiser'],
    prefixes: [['19 10', 1.8]],
    setting: 'business',
  },
  {
    label: 'mechanical waste treatment (MRF, transfer station)',
    terms: ['mrf', 'materials recovery facility', 'material recovery facility', 'waste transfer station', 'transfer station', 'skip hire', 'skip hire and recycling yard', 'recycling yard', 'waste recycling facility', 'wood recycling', 'waste wood recycler', 'sorting facility', 'recycling plant', 'waste management company', 'waste processor', 'rdf plant', 'mbt plant', 'solvent recycler', 'waste treatment plant', 'c and d waste recycling', 'c and d recycling', 'construction waste recycling', 'mechanical biological treatment', 'mbt', 'textile sorting', 'textile recycling', 'clothing sorting', 'trommel', 'mechanical treatment'],
    prefixes: [['19 12', 1.8], ['19', 0.5]],
    setting: 'business',
  },
  {
    // LoW 19 11: wastes from oil regeneration.
    label: 'oil regeneration',
    terms: ['oil re refinery', 'oil re refining', 'oil regeneration', 'waste oil re refinery', 're refinery', 'lube oil re refining', 'waste oil recycling plant'],
    prefixes: [['19 11', 1.8], ['19', 0.5]],
    setting: 'business',
  },
  {
    label: 'soil remediation',
    terms: ['soil treatment centre', 'soil treatment facility', 'soil remediation', 'soil hospital', 'bioremediation', 'groundwater remediation', 'pump and treat', 'groundwater treatment', 'remediation plant'],
    prefixes: [['19 13', 1.8]],
    setting: 'business',
  },
  {
    label: 'mining and quarrying',
    terms: ['quarry', 'quarrying', 'quarries', 'sand and gravel extraction', 'sand and gravel', 'gravel pit', 'sand pit', 'mine', 'mining', 'metal mining', 'coal mine', 'opencast', 'mineral extraction', 'stone masonry workshop', 'stone masonry', 'stonemason', 'worktop fabricator', 'monumental mason'],
    prefixes: [['01', 1.5]],
    setting: 'business',
  },
  {
    // LoW 01 03 / 01 04: wastes from physical and chemical processing of metalliferous and non-metalliferous minerals.
    label: 'processing of metalliferous minerals',
    terms: ['ore processing', 'ore dressing', 'mineral processing', 'concentrator', 'mine concentrator', 'beneficiation', 'beneficiation plant', 'flotation plant', 'alumina refinery', 'alumina plant', 'bayer process', 'heap leach', 'gold ore processing', 'copper ore processing', 'iron ore processing', 'tin ore processing'],
    prefixes: [['01 03', 1.6], ['01', 0.6]],
    setting: 'business',
  },
  {
    label: 'processing of non-metalliferous minerals',
    terms: ['china clay', 'china clay works', 'kaolin works', 'kaolin processing', 'clay works', 'limestone processing', 'sand and gravel quarrying', 'sand and gravel wash plant', 'aggregate wash plant', 'stone processing', 'stone cutting', 'slate quarry', 'gypsum mine', 'potash mine', 'salt mine'],
    prefixes: [['01 04', 1.6], ['01', 0.6]],
    setting: 'business',
  },
  {
    label: 'drilling',
    terms: ['drilling', 'drilling contractor', 'ground investigation drilling', 'ground investigation', 'borehole drilling', 'well drilling', 'oil and gas drilling', 'water well drilling'],
    prefixes: [['01 05', 1.6]],
    setting: 'business',
  },
  {
    label: 'laboratory (non-healthcare)',
    terms: ['school science department', 'school lab', 'science department', 'laboratory', 'lab', 'research lab', 'university lab', 'testing laboratory', 'analytical lab'],
    prefixes: [['16 05', 1.0]],
    setting: 'business',
  },
  {
    label: 'electrical and IT equipment users (business)',
    terms: ['it refresh', 'office it refresh', 'data centre', 'it department', 'computer repair', 'phone repair shop', 'mobile phone shop', 'phone shop', 'electronics repair', 'electrical retailer', 'facilities maintenance', 'facilities management', 'maintenance department', 'commercial roof', 'business equipment', 'factory', 'warehouse', 'distribution centre', 'industrial'],
    prefixes: [],
    setting: 'business',
  },
  {
    // GOV.UK WEEE guidance: equipment handled by a WEEE business is non-household (16 02).
    label: 'WEEE collection and treatment',
    terms: ['weee collection', 'weee treatment', 'weee treatment facility', 'weee recycler', 'weee reprocessor', 'aatf', 'approved authorised treatment facility'],
    prefixes: [['16 02', 1.2], ['19 12', 0.4]],
    setting: 'business',
  },
  {
    label: 'tank and industrial cleaning',
    terms: ['tank cleaning contractor', 'tank cleaning', 'industrial cleaning', 'drum reconditioner', 'ibc reconditioner'],
    prefixes: [['16 07', 1.3], ['16 10', 0.6]],
    setting: 'business',
  },
  {
    label: 'electricity network maintenance',
    terms: ['electricity substation maintenance', 'substation', 'electricity network', 'distribution network operator', 'dno'],
    prefixes: [['13 03', 1.0], ['16 02', 0.5]],
    setting: 'business',
  },
  {
    label: 'dry cleaning',
    terms: ['dry cleaners', 'dry cleaning', 'dry cleaner', 'launderette'],
    prefixes: [['14 06', 1.5]],
    setting: 'business',
  },
  {
    label: 'air conditioning and refrigeration servicing',
    terms: ['air conditioning engineer', 'refrigeration engineer', 'f gas engineer', 'hvac engineer', 'refrigeration contractor'],
    prefixes: [['14 06', 1.2], ['16 02', 0.6]],
    setting: 'business',
  },
];
