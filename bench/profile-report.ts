// Reads a V8 CPU profile (.cpuprofile, from `node --cpu-prof` or bench/profile.ts) and prints where the
// time went: functions by self time, by inclusive time (a function counted once per sample however
// deeply it recurses), and by package or source folder.
//
//   node bench/profile-report.ts CPU.123.cpuprofile [top]
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const IDLE = new Set(['(idle)', '(program)']);

/** `node_modules/fastify/lib/x.js` -> `fastify`; `/src/wtn/x.ts` -> `src/wtn`; natives by their name. */
function placeOf(frame: CallFrame): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const src = url.search(/\/(src|bench|test)\//);
  if (src !== -1) {
    const parts = url.slice(src + 1).split('/');
    return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return url;
}

function nameOf(frame: CallFrame): string {
  const file = frame.url
    ? frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench|test)\//, '$1/')
    : '';
  return `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
}

export interface ProfileSummary {
  /** Milliseconds sampled in all, and outside idle and (program). */
  totalMs: number;
  busyMs: number;
  self: [string, number][];
  inclusive: [string, number][];
  places: [string, number][];
}

export function summarise(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const places = new Map<string, number>();
  let totalMs = 0;
  let busyMs = 0;
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  // Every sample weighs the same: on a loaded machine the sampler is sometimes held up, and weighing a
  // sample by the gap before the next one would charge that wait to whatever ran last.
  const ms = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i])!;
    totalMs += ms;
    if (IDLE.has(node.callFrame.functionName)) continue;
    busyMs += ms;
    add(self, nameOf(node.callFrame), ms);
    add(places, placeOf(node.callFrame), ms);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const name = nameOf(byId.get(id)!.callFrame);
      if (name.startsWith('(root)') || seen.has(name)) continue;
      seen.add(name);
      add(inclusive, name, ms);
    }
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return { totalMs, busyMs, self: sorted(self), inclusive: sorted(inclusive), places: sorted(places) };
}

/** The summary as text; `perRequest` divides milliseconds into µs per request when the count is known. */
export function report(profile: CpuProfile, top = 30, requests?: number): string {
  const s = summarise(profile);
  const cost = (ms: number) => {
    const share = `${((100 * ms) / s.busyMs).toFixed(1).padStart(5)}%`;
    return requests ? `${share} ${((1000 * ms) / requests).toFixed(1).padStart(7)} µs/req` : share;
  };
  const lines = [
    `sampled ${s.totalMs.toFixed(0)} ms, busy ${s.busyMs.toFixed(0)} ms (${((100 * s.busyMs) / s.totalMs).toFixed(0)}%)${requests ? `, ${requests} requests: ${((1000 * s.busyMs) / requests).toFixed(1)} µs busy/req` : ''}`,
    '',
    'by package or folder (self):',
    ...s.places.slice(0, 20).map(([k, ms]) => `  ${cost(ms)}  ${k}`),
    '',
    'by self time:',
    ...s.self.slice(0, top).map(([k, ms]) => `  ${cost(ms)}  ${k}`),
    '',
    'by inclusive time:',
    ...s.inclusive.slice(0, top * 2).map(([k, ms]) => `  ${cost(ms)}  ${k}`),
  ];
  return lines.join('\n');
}

if (import.meta.main) {
  const [file, top] = process.argv.slice(2);
  console.log(report(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(top ?? 30)));
}
