/**
 * Content negotiation and conditional-request helpers for the catalog HTTP
 * module. Pure functions over header strings; no I/O.
 */

export type Coding = 'br' | 'gzip' | 'identity';

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Parses an Accept-Encoding field value (RFC 9110 §12.5.3) into coding → q.
 * Elements with a malformed q-value are ignored; `x-gzip` counts as `gzip`.
 */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const element of header.split(',')) {
    const parts = element.split(';');
    let coding = parts[0].trim().toLowerCase();
    if (coding === '') continue;
    if (coding === 'x-gzip') coding = 'gzip';
    let q = 1;
    let valid = true;
    for (let i = 1; i < parts.length; i++) {
      const param = parts[i].trim();
      const eq = param.indexOf('=');
      if (eq === -1) continue;
      if (param.slice(0, eq).trim().toLowerCase() !== 'q') continue;
      const value = param.slice(eq + 1).trim();
      if (!QVALUE.test(value)) {
        valid = false;
        break;
      }
      q = Number(value);
    }
    if (!valid) continue;
    // When a coding is listed twice, the most favourable weight wins.
    result.set(coding, Math.max(q, result.get(coding) ?? 0));
  }
  return result;
}

function weight(accepted: Map<string, number>, coding: Coding): number {
  const explicit = accepted.get(coding);
  if (explicit !== undefined) return explicit;
  const star = accepted.get('*');
  if (star !== undefined) return star;
  // identity is acceptable unless excluded explicitly or through "*;q=0".
  return coding === 'identity' ? 1 : 0;
}

/**
 * Chooses the coding to send given the request's Accept-Encoding and which
 * pre-compressed variants exist. Highest q wins; ties prefer br, then gzip,
 * then identity (smallest first). When the client refuses everything we have,
 * identity is sent anyway (RFC 9110 allows this rather than a 406).
 */
export function chooseEncoding(header: string | undefined, hasBr: boolean, hasGzip: boolean): Coding {
  if (header === undefined || header === '') return 'identity';
  // One cache per set of variants, keyed by the header itself: a combined key would be a new string to hash per request.
  const cache = choiceCaches[(hasBr ? 2 : 0) + (hasGzip ? 1 : 0)];
  const cached = cache.get(header);
  if (cached !== undefined) return cached;
  const accepted = parseAcceptEncoding(header);
  let best: Coding = 'identity';
  let bestQ = 0;
  const candidates: Coding[] = [];
  if (hasBr) candidates.push('br');
  if (hasGzip) candidates.push('gzip');
  candidates.push('identity');
  for (const coding of candidates) {
    const q = weight(accepted, coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  if (cache.size >= CHOICE_CACHE_LIMIT) cache.clear();
  cache.set(header, best);
  return best;
}

// Clients send a handful of distinct Accept-Encoding strings; remembering the
// choice keeps parsing off the hot path. Bounded so hostile headers cannot grow it.
const CHOICE_CACHE_LIMIT = 256;
const choiceCaches: readonly Map<string, Coding>[] = [new Map(), new Map(), new Map(), new Map()];

/**
 * If-None-Match evaluation (RFC 9110 §13.1.2): weak comparison, `*` matches
 * any current representation.
 */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const trimmed = ifNoneMatch.trim();
  if (trimmed === '*') return true;
  for (const raw of trimmed.split(',')) {
    let tag = raw.trim();
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (tag === etag) return true;
  }
  return false;
}

/**
 * If-Modified-Since evaluation: true when the representation has not changed
 * since the given HTTP date. An unparseable date means "evaluate as absent".
 */
export function notModifiedSince(ifModifiedSince: string, lastModifiedMs: number): boolean {
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false;
  return lastModifiedMs <= since;
}

/** Levenshtein distance, case-insensitive, with an early exit above `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (current[j] < rowMin) rowMin = current[j];
    }
    if (rowMin > limit) return limit + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/** Up to `count` names closest to `name`, within a distance that still reads as a typo. */
export function closestNames(name: string, names: readonly string[], count = 3): string[] {
  const probe = name.slice(0, 100);
  const limit = Math.max(2, Math.ceil(probe.length * 0.4));
  const scored: { name: string; distance: number }[] = [];
  for (const candidate of names) {
    const distance = editDistance(probe, candidate, limit);
    if (distance <= limit) scored.push({ name: candidate, distance });
  }
  scored.sort((x, y) => x.distance - y.distance || x.name.localeCompare(y.name));
  return scored.slice(0, count).map((s) => s.name);
}
