/**
 * The `zscript.*` settings as the server understands them, and the reading of
 * whatever shape a client sends them in: the `zscript` section of
 * workspace/configuration, `{ zscript: {...} }` in initializationOptions or a
 * didChangeConfiguration payload, or flat dotted keys (`"zscript.catalog.source"`).
 * Unknown or ill-typed values fall back to the defaults, never throw.
 */
import type { ServiceSettings } from '../service';
import { DIAGNOSTIC_CODES, isSeverityLevel, SEVERITY_LEVELS, type SeverityLevel } from '../analysis/codes';

export type CatalogSourceKind = 'bundled' | 'file' | 'url';
export type DiagnosticsMode = 'auto' | 'push' | 'pull' | 'both';

export interface ServerSettings {
  catalog: { source: CatalogSourceKind; path: string; url: string };
  inlayHints: { parameterNames: ServiceSettings['inlayHintsParameterNames']; defaults: boolean };
  diagnostics: {
    severity: Record<string, SeverityLevel>;
    /** auto: pull when the client declares pull support, push otherwise. */
    mode: DiagnosticsMode;
  };
  trace: { server: 'off' | 'messages' | 'verbose' };
  /** `maxIndexed`: how many workspace files the index holds (see WORKSPACE_LIMITS). */
  files: { exclude: string[]; maxIndexed: number };
}

export const DEFAULT_SERVER_SETTINGS: ServerSettings = {
  catalog: { source: 'bundled', path: '', url: '' },
  inlayHints: { parameterNames: 'none', defaults: true },
  diagnostics: { severity: {}, mode: 'auto' },
  trace: { server: 'off' },
  files: { exclude: [], maxIndexed: 20_000 },
};

/** The values each closed setting takes: one list for reading a section and for saying what it had wrong. */
const CATALOG_SOURCES = ['bundled', 'file', 'url'] as const;
const PARAMETER_NAME_HINTS = ['all', 'literals', 'none'] as const;
const DIAGNOSTICS_MODES = ['auto', 'push', 'pull', 'both'] as const;
const TRACE_LEVELS = ['off', 'messages', 'verbose'] as const;

/** A usable `zscript.files.maxIndexed`: a finite count, 0 or more. */
function isFileCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** The most `zscript.files.maxIndexed` may ask for (about 2 KiB of memory each beyond the text, see README). */
export const MAX_INDEXED_CEILING = 1_000_000;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Expands dotted keys (`"catalog.source": "url"`) into nested objects, recursively. */
function expandDotted(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, raw] of Object.entries(value)) {
    const child = expandDotted(raw);
    const parts = key.split('.').filter((p) => p.length > 0);
    if (parts.length === 0) continue;
    let target = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const next = target[parts[i]];
      if (!isObject(next)) target[parts[i]] = {};
      target = target[parts[i]] as Json;
    }
    const last = parts[parts.length - 1];
    const existing = target[last];
    // Merge two objects written both ways ("catalog": {...} and "catalog.url").
    target[last] = isObject(existing) && isObject(child) ? { ...existing, ...child } : child;
  }
  return out;
}

/**
 * Finds the zscript section in a payload: `{ zscript: {...} }`,
 * `{ settings: { zscript: {...} } }`, dotted `{ "zscript.x": ... }`, or the
 * section itself (recognised by one of its own keys).
 */
export function extractSection(payload: unknown): Json | undefined {
  const expanded = expandDotted(payload);
  if (!isObject(expanded)) return undefined;
  if (isObject(expanded.zscript)) return expanded.zscript;
  if (isObject(expanded.settings)) {
    const inner = extractSection(expanded.settings);
    if (inner) return inner;
  }
  const own = ['catalog', 'inlayHints', 'diagnostics', 'trace', 'files'];
  if (own.some((k) => k in expanded)) return expanded;
  return undefined;
}

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Normalises a zscript section (or undefined) into complete settings. */
export function normalizeSettings(section: unknown): ServerSettings {
  const s = isObject(section) ? section : {};
  const catalog = isObject(s.catalog) ? s.catalog : {};
  const inlay = isObject(s.inlayHints) ? s.inlayHints : {};
  const diagnostics = isObject(s.diagnostics) ? s.diagnostics : {};
  const trace = isObject(s.trace) ? s.trace : {};
  const files = isObject(s.files) ? s.files : {};
  const d = DEFAULT_SERVER_SETTINGS;

  const severity: Record<string, SeverityLevel> = {};
  if (isObject(diagnostics.severity)) {
    for (const [code, value] of Object.entries(diagnostics.severity)) {
      if (isSeverityLevel(value)) severity[code] = value;
    }
  }

  // files.exclude: an array of globs, or VS Code's `{ glob: true }` map.
  let exclude: string[] = [];
  if (Array.isArray(files.exclude)) exclude = files.exclude.filter((g): g is string => typeof g === 'string' && g.length > 0);
  else if (isObject(files.exclude))
    exclude = Object.entries(files.exclude)
      .filter(([g, on]) => on === true && g.length > 0)
      .map(([g]) => g);

  const maxIndexed = isFileCount(files.maxIndexed) ? Math.min(Math.floor(files.maxIndexed), MAX_INDEXED_CEILING) : d.files.maxIndexed;

  return {
    catalog: {
      source: pick(catalog.source, CATALOG_SOURCES, d.catalog.source),
      path: typeof catalog.path === 'string' ? catalog.path : '',
      url: typeof catalog.url === 'string' ? catalog.url : '',
    },
    inlayHints: {
      parameterNames: pick(inlay.parameterNames, PARAMETER_NAME_HINTS, d.inlayHints.parameterNames),
      defaults: typeof inlay.defaults === 'boolean' ? inlay.defaults : d.inlayHints.defaults,
    },
    diagnostics: { severity, mode: pick(diagnostics.mode, DIAGNOSTICS_MODES, d.diagnostics.mode) },
    trace: { server: pick(trace.server, TRACE_LEVELS, d.trace.server) },
    files: { exclude, maxIndexed },
  };
}

/** Codes a severity may be set for besides the analysis' own: the server's notes about a file. */
const SERVER_CODES: ReadonlySet<string> = new Set(['file-too-large', 'too-many-diagnostics']);

/**
 * What normalizeSettings had to ignore in a section, said for the user: a
 * misspelt diagnostic code in `diagnostics.severity` has no effect at all, and
 * nothing else would tell them. Empty when every value was understood.
 */
export function settingsProblems(section: unknown): string[] {
  const s = isObject(section) ? section : {};
  const problems: string[] = [];
  const oneOf = (path: string, value: unknown, allowed: readonly string[]) => {
    if (value !== undefined && !(typeof value === 'string' && allowed.includes(value)))
      problems.push(`zscript.${path} is ${JSON.stringify(value)}: it must be one of ${allowed.join(', ')}; the default is used`);
  };
  const part = (key: string): Json => (isObject(s[key]) ? (s[key] as Json) : {});
  oneOf('catalog.source', part('catalog').source, CATALOG_SOURCES);
  oneOf('inlayHints.parameterNames', part('inlayHints').parameterNames, PARAMETER_NAME_HINTS);
  oneOf('diagnostics.mode', part('diagnostics').mode, DIAGNOSTICS_MODES);
  oneOf('trace.server', part('trace').server, TRACE_LEVELS);
  const severity = part('diagnostics').severity;
  if (isObject(severity)) {
    for (const [code, value] of Object.entries(severity)) {
      if (!Object.hasOwn(DIAGNOSTIC_CODES, code) && !SERVER_CODES.has(code))
        problems.push(`zscript.diagnostics.severity: "${code}" is no diagnostic code, so this entry changes nothing (the codes are listed in the README)`);
      else if (!isSeverityLevel(value))
        problems.push(
          `zscript.diagnostics.severity: "${code}" is set to ${JSON.stringify(value)}: it must be one of ${SEVERITY_LEVELS.join(', ')}; its default is used`,
        );
    }
  }
  const maxIndexed = part('files').maxIndexed;
  if (maxIndexed !== undefined && !isFileCount(maxIndexed))
    problems.push(`zscript.files.maxIndexed is ${JSON.stringify(maxIndexed)}: it must be a number of files, 0 or more; the default is used`);
  return problems;
}

/** Layers `over` on top of `base` (both raw sections); `over` wins key by key. */
export function mergeSections(base: Json | undefined, over: Json | undefined): Json | undefined {
  if (!base) return over;
  if (!over) return base;
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = isObject(prev) && isObject(value) && key !== 'severity' && key !== 'exclude' ? mergeSections(prev, value) : value;
  }
  return out;
}

/** The part of the settings the language service takes (the line budget of inlay hints comes from the client's name instead). */
export function serviceSettingsOf(settings: ServerSettings): Omit<ServiceSettings, 'inlayHintsLineBudget'> {
  return {
    inlayHintsParameterNames: settings.inlayHints.parameterNames,
    inlayHintsDefaults: settings.inlayHints.defaults,
    severity: { ...settings.diagnostics.severity },
  };
}

export function catalogKey(settings: ServerSettings): string {
  const c = settings.catalog;
  return `${c.source}\u0000${c.source === 'file' ? c.path : ''}\u0000${c.source === 'url' ? c.url : ''}`;
}
