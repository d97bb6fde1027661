// biome-ignore-all format: lexicon data stays one entry per line so reviewers can scan terms and codes
// Wastes from waste management facilities, off-site waste water treatment and water preparation (LoW
// chapter 19). EA Using the List of Wastes: "Waste from waste management facilities" uses chapter 19.
import type { ConceptDef } from './types.ts';

export const wasteTreatmentConcepts: ConceptDef[] = [
  {
    id: 'screenings',
    terms: ['screenings', 'inlet screenings', 'screened material', 'rag and screenings', 'intake screenings', 'intake screens'],
    codes: ['19 08 01', '19 09 01@0.4'],
    source: 'LoW 19 08 01 screenings',
  },
  {
    id: 'sewage-grit',
    terms: ['detritor grit', 'grit from sewage', 'sewage grit', 'desanding waste', 'grit from the detritor', 'detritus'],
    codes: ['19 08 02'],
    source: 'LoW 19 08 02 waste from desanding',
  },
  {
    id: 'sewage-sludge',
    terms: ['sewage sludge', 'sludge cake', 'sewage sludge cake', 'biosolids', 'digested sludge', 'sludge from sewage works', 'urban waste water sludge', 'sewage cake'],
    codes: ['19 08 05', '20 03 04@0.3'],
    source: 'LoW 19 08 05 sludges from treatment of urban waste water',
  },
  {
    id: 'sludge',
    terms: ['sludge', 'sludges', 'sediment', 'silt'],
    codes: ['19 08 05@0.5', '13 05 03@0.4', '19 08 14@0.3', '20 03 04@0.3', '16 07 08@0.2'],
    specificity: 0.45,
    source: 'LoW: sludges are coded by the process that produced them',
  },
  {
    id: 'compost-rejects',
    terms: ['compost oversize', 'compost rejects', 'oversize', 'non composted fraction', 'compost overs', 'composting rejects'],
    codes: ['19 05 01', '19 05 03@0.4', '19 12 12@0.3'],
    source: 'LoW 19 05 01 non-composted fraction of municipal and similar wastes',
  },
  {
    id: 'off-spec-compost',
    terms: ['off spec compost', 'off specification compost', 'compost'],
    codes: ['19 05 03', '19 05 01@0.4', '20 02 01@0.3'],
    specificity: 0.7,
    source: 'LoW 19 05 03 off-specification compost',
  },
  {
    id: 'digestate',
    terms: ['digestate', 'ad digestate', 'anaerobic digestate', 'whole digestate', 'digestate fibre', 'liquid digestate'],
    codes: ['19 06 06', '19 06 04@0.6', '19 06 05@0.3'],
    source: 'LoW 19 06 06 digestate from anaerobic treatment of animal and vegetable waste',
  },
  {
    id: 'leachate',
    terms: ['leachate', 'landfill leachate', 'leachates'],
    codes: ['19 07 03', '19 07 02@0.5'],
    flags: ['LIQUID_WASTE'],
    source: 'LoW 19 07 03 landfill leachate (mirror of 19 07 02*)',
  },
  {
    id: 'rdf',
    terms: ['rdf', 'srf', 'refuse derived fuel', 'solid recovered fuel', 'rdf bales', 'srf bales', 'combustible waste', 'fuel from waste'],
    codes: ['19 12 10'],
    source: 'LoW 19 12 10 combustible waste (refuse derived fuel)',
  },
  {
    id: 'trommel-fines',
    terms: ['trommel fines', 'fines', 'trommel', 'residual fines', 'mrf fines', 'mrf residue', 'mrf residues', 'picking station residue', 'sorting residues', 'skip fines', 'residues from sorting', 'mechanical treatment residue', 'rejects from mrf'],
    codes: ['19 12 12', '19 12 11@0.45'],
    specificity: 0.85,
    source: 'LoW 19 12 12 other wastes from mechanical treatment of wastes (mirror of 19 12 11*)',
  },
  {
    id: 'shredded-wood',
    terms: ['shredded wood', 'shredded waste wood', 'grade a wood', 'grade a', 'grade b wood', 'wood chip from waste', 'chipped waste wood', 'processed wood', 'recycled wood chip'],
    codes: ['19 12 07', '19 12 06@0.4'],
    source: 'LoW 19 12 07 wood other than 19 12 06',
  },
  {
    id: 'water-sludge',
    terms: ['water treatment sludge', 'clarification sludge', 'water clarification sludge', 'alum sludge', 'ferric sludge', 'sludge from clarification'],
    codes: ['19 09 02', '19 09 03@0.4'],
    source: 'LoW 19 09 02 sludges from water clarification',
  },
  {
    id: 'ion-exchange',
    terms: ['ion exchange resin', 'ion exchange resins', 'spent resin', 'softener resin', 'spent ion exchange resin', 'ix resin', 'spent ix resin'],
    codes: ['19 09 05', '19 08 06@0.5', '11 01 16@0.4'],
    source: 'LoW 19 09 05 saturated or spent ion exchange resins',
  },
  {
    id: 'shredder-fluff',
    terms: ['fluff light fraction', 'fluff', 'shredder fluff', 'shredder residue', 'asr', 'automotive shredder residue', 'light fraction', 'flf'],
    codes: ['19 10 04', '19 10 03@0.5'],
    source: 'LoW 19 10 04 fluff-light fraction and dust (mirror of 19 10 03*)',
  },
  {
    id: 'separator-grease',
    terms: ['grease and fat from separator', 'fat skimmings', 'grease skimmings', 'fog skimmings', 'fat and grease skimmings', 'separator grease'],
    cooccur: [['fat', 'grease', 'fats', 'fog'], ['separator', 'separators']],
    codes: ['19 08 09', '20 01 25@0.4'],
    source:
      'LoW 19 08 09 grease and oil mixture from oil/water separation containing only edible oil and fats',
  },
  {
    id: 'remediated-soil',
    terms: ['bioremediated soil', 'remediated soil', 'treated soil', 'soil from remediation', 'soil washing residues', 'biopile', 'biopile soil', 'soil from biopile', 'soil after bioremediation', 'windrowed soil'],
    codes: ['19 13 02', '19 13 01@0.4'],
    source: 'LoW 19 13 02 solid wastes from soil remediation (mirror of 19 13 01*)',
  },
];
