/**
 * Environmental permit and licence numbers a receiving site may quote (reg 35(2)(c) Waste (England and
 * Wales) Regulations 2011: the transferee's permit number). The formats are the ones DEFRA's Digital
 * Waste Tracking service accepts for a site's authorisation number, after it widened them when real
 * permits were rejected, plus the EA's waste exemption numbers. An unknown format is reported as a
 * warning on the note and never refused: regulators issue formats this list does not know.
 */
interface PermitFormat {
  regulator: 'EA' | 'NRW' | 'SEPA' | 'NIEA';
  name: string;
  pattern: RegExp;
}

const FORMATS: PermitFormat[] = [
  // EA and NRW environmental permits: two letters, four digits, two letters, optionally with the
  // EPR/ prefix and a /D variation number.
  { regulator: 'EA', name: 'environmental permit', pattern: /^(EPR\/)?[A-Z]{2}\d{4}[A-Z]{2}(\/D\d{4,5})?$/ },
  // Waste management licences issued before the Environmental Permitting Regulations, still quoted.
  { regulator: 'EA', name: 'waste management licence', pattern: /^(EA)?WML ?\d{5,6}$/ },
  // EA registered waste exemptions (reg 35(2)(c): "exempt operator").
  { regulator: 'EA', name: 'waste exemption', pattern: /^WEX ?\d{6}$/ },
  { regulator: 'SEPA', name: 'PPC permit', pattern: /^PPC\/[AWEN]\/\d{7}$/ },
  { regulator: 'SEPA', name: 'PPC permit', pattern: /^PPC\/A\/SEPA\d{4}-\d{4}$/ },
  { regulator: 'SEPA', name: 'waste management licence', pattern: /^WML\/[LWEN]\/\d{7}(\/\d{2})?$/ },
  { regulator: 'SEPA', name: 'waste management licence', pattern: /^WML\/L\/SEPA\d{4}-\d{4}$/ },
  { regulator: 'SEPA', name: 'exemption', pattern: /^EAS\/P\/\d{6}$/ },
  { regulator: 'NIEA', name: 'PPC permit', pattern: /^P\d{4}\/\d{2}[A-Z](\/V\d+)?$/ },
  { regulator: 'NIEA', name: 'PPC permit', pattern: /^WPPC \d{2}\/\d{2}(\/V\d+)?$/ },
  {
    regulator: 'NIEA',
    name: 'waste management licence',
    pattern: /^WML \d{2}\/\d+(\/T)? (LN\/\d{2}\/\d+(\/([MTCN]|V\d+))*|PAC\/\d{4}\/WCL\d{3})$/,
  },
];

export interface PermitRecognition {
  regulator: PermitFormat['regulator'];
  name: string;
}

/** The format a permit number is written in, or undefined when it is not one we know. */
export function recognisePermit(permit: string): PermitRecognition | undefined {
  // Permits are written by hand: ignore case, doubled spaces and spaces around slashes.
  const text = permit
    .trim()
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?\/ ?/g, '/');
  const format = FORMATS.find((f) => f.pattern.test(text));
  return format ? { regulator: format.regulator, name: format.name } : undefined;
}
