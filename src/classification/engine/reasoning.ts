// Auditor-readable reasoning: which words matched, which chapter the activity points to (LoW coding
// order), and why the hazardous or non-hazardous side of a mirror pair applies, naming the evidence.
import type { Catalogue, EwcEntry } from '../catalogue.ts';
import type { Analysis } from './analysis.ts';
import type { EvidenceItem } from './mirror.ts';
import { type Candidate, type ChapterFit, type Contribution, chapterFit } from './scoring.ts';

const quote = (s: string) => `"${s}"`;
const star = (e: EwcEntry) => `${e.code}${e.is_hazardous ? '*' : ''}`;

function matchedWords(c: Candidate, analysis: Analysis): string {
  const live = c.contributions.filter((x) => x.decision !== 'partner');
  const terms = [...new Set((live.length > 0 ? live : c.contributions).map((x) => x.term))].slice(0, 3);
  if (terms.length === 0) {
    const words = c.legalText?.words.slice(0, 4) ?? [];
    return `Matched the words ${words.map(quote).join(', ')} of the legal description.`;
  }
  const spelling = analysis.corrections.map((s) => `${quote(s.from)} read as ${quote(s.to)}`);
  const roleNote = c.contributions[0]?.role === 'context' ? ' in the additional context' : '';
  const spell = spelling.length > 0 ? ` (${spelling.join(', ')})` : '';
  return `Matched ${terms.map(quote).join(', ')}${roleNote}${spell}.`;
}

function chapterSentence(entry: EwcEntry, fit: ChapterFit, analysis: Analysis): string {
  const chapter = `chapter ${entry.chapter} (${entry.chapter_title})`;
  if (fit.cue) {
    return `The activity ${quote(fit.cue.term)} (${fit.cue.cue.label}, from the ${fit.cue.from.replace('_', ' ')}) points to ${chapter}, which the List of Wastes coding order uses first.`;
  }
  if (fit.conflict) {
    // Name the words that suggested another activity, so an auditor can judge whether they really do.
    const strongest = [...analysis.cues].sort((a, b) => b.weight - a.weight)[0];
    const activity = strongest
      ? `The activity ${quote(strongest.term)} (${strongest.cue.label}, from the ${strongest.from.replace('_', ' ')})`
      : 'The activity given';
    return `${activity} points to another chapter, so ${chapter} is less likely.`;
  }
  if (analysis.cues.length === 0) {
    return `No source activity was given; ${chapter} is where the List of Wastes places this waste.`;
  }
  return `Coded in ${chapter}: no activity chapter has a specific entry for this waste, so the List of Wastes coding order moves to it.`;
}

function evidenceWords(items: EvidenceItem[]): string {
  return [...new Set(items.map((e) => e.term))].slice(0, 3).map(quote).join(', ');
}

function mirrorSentence(entry: EwcEntry, best: Contribution, catalogue: Catalogue): string {
  const partners = entry.mirror_of.map((c) => catalogue.get(c)).filter((e): e is EwcEntry => Boolean(e));
  const from = best.from ? catalogue.get(best.from) : undefined;
  switch (best.decision) {
    case 'hazardous':
      if (from) {
        return `${evidenceWords(best.evidence)} is evidence of hazardous substances${best.weakEvidence ? ' (weak evidence; confirm by assessment)' : ''}, so the hazardous entry ${star(entry)} applies instead of ${star(from)}.`;
      }
      return `Hazardous entry: ${evidenceWords(best.evidence)} confirms hazardous substances are present.`;
    case 'clean':
      if (from)
        return `${evidenceWords(best.evidence)} is evidence against hazardous substances, so the non-hazardous entry ${star(entry)} applies instead of ${star(from)}.`;
      return `Mirror entry: ${evidenceWords(best.evidence)} is evidence against hazardous substances, so the non-hazardous side applies${partners.length ? ` (not ${partners.map(star).join(', ')})` : ''}.`;
    case 'undecided':
      return entry.is_hazardous
        ? `Mirror entry: nothing in the description shows the waste is free of hazardous substances, so the hazardous side is given; ${partners.map(star).join(', ')} applies if a WM3 assessment shows otherwise.`
        : `Mirror entry: no evidence of contamination was given, so the non-hazardous side applies unless a WM3 assessment finds hazardous substances above thresholds (then ${partners.map(star).join(', ') || 'the hazardous entry'}).`;
    case 'partner':
      return entry.is_hazardous
        ? `The hazardous side of the mirror pair: applies if a WM3 assessment finds hazardous substances above thresholds.`
        : `The non-hazardous side of the mirror pair: applies if an assessment shows no hazardous substances above thresholds.`;
    case 'demoted':
      return `Would apply without the evidence ${evidenceWords(best.evidence)}.`;
    default:
      return entry.is_hazardous
        ? 'Absolute hazardous entry: hazardous whatever the concentrations.'
        : 'Absolute non-hazardous entry.';
  }
}

export function explain(c: Candidate, analysis: Analysis, catalogue: Catalogue): string {
  const entry = catalogue.get(c.code) as EwcEntry;
  const fit = chapterFit(c.code, analysis.cues);
  const parts = [matchedWords(c, analysis), chapterSentence(entry, fit, analysis)];
  const best = c.contributions[0];
  if (best) {
    if (
      best.role === 'modifier' ||
      best.role === 'qualifier' ||
      best.role === 'source' ||
      best.role === 'component'
    ) {
      parts.push(`${quote(best.term)} qualifies another named waste here, so this is a secondary reading.`);
    }
    parts.push(mirrorSentence(entry, best, catalogue));
    parts.push(`Source: ${best.source}.`);
  } else if (entry.is_hazardous) {
    parts.push('Hazardous entry in the List of Wastes.');
  }
  if (c.code.endsWith(' 99'))
    parts.push('A "99" (not otherwise specified) code, used only because no specific entry fits.');
  return parts.join(' ');
}
