/**
 * Markdown documentation of catalog entries, shared by hover, completion
 * resolve and signature help.
 */
import { engineFacts } from '../catalog/engine';
import { ENGINE_NOTES } from '../language/engineNotes';
import type { Catalog } from '../catalog';
import type { ArgumentRecord, FunctionRecord, TriggerRecord } from '../catalog/types';
import { type Parameter, signatureOf } from '../catalog/parameters';

/** Names of the parameters that hold the message a guard halts with. */
const HALT_MESSAGE_PARAMS = new Set(['errorMessage', 'error', 'errorText']);

export function isGuard(catalog: Catalog, name: string): boolean {
  return catalog.tagsOf(name).some((t) => t.tag === 'guards');
}

/** The message a guard halts with when its check fails and no message is given. */
export function haltMessage(catalog: Catalog, fn: FunctionRecord): string | undefined {
  if (!isGuard(catalog, fn.name)) return undefined;
  const param = fn.arguments.find((a) => HALT_MESSAGE_PARAMS.has(a.name));
  return param?.default || undefined;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function paramTypeText(param: ArgumentRecord | Parameter): string {
  return 'variadic' in param && param.variadic ? `${param.type}...` : param.type;
}

/** One line about a parameter: `type`, required/optional, default. */
export function paramSummary(param: ArgumentRecord | Parameter): string {
  const parts = [`\`${paramTypeText(param)}\``, param.required ? 'required' : 'optional'];
  if (param.default !== undefined) parts.push(param.default === '' ? 'default: empty' : `default: \`${visibleDefault(param.default)}\``);
  if ('variadic' in param && param.variadic) parts.push('repeats');
  return parts.join(', ');
}

/** A default as it can be shown on one line: a line break as \\n, a tab as \\t. */
function visibleDefault(value: string): string {
  return value.replace(/\r?\n/g, '\\n').replace(/\t/g, '\\t');
}

/**
 * Whether the engine halts a call to `fnName` that stops before the
 * parameter at `index` (0-based): its registry wants at least that many
 * arguments, or its source halts when that one is missing. The catalog marks
 * some of these optional (`ZsetUserVar{name;value?}`, `ZsendMessage{channelID?;...}`):
 * may be empty, but must be there. Signature help says so, and the default
 * hints leave out what the engine would halt on.
 */
export function engineNeeds(fnName: string, index: number): boolean {
  const e = engineFacts.forCall(fnName);
  return e !== undefined && (index < e.min || e.required.some((r) => r.pos === index + 1 && r.when === 'empty-or-missing'));
}

/** Whether the engine halts a call to `fnName` whose argument at `index` is there but empty. */
export function engineNeedsFilled(fnName: string, index: number): boolean {
  return engineFacts.forCall(fnName)?.required.some((r) => r.pos === index + 1) ?? false;
}

/**
 * What a parameter of an engine function the catalog does not document is,
 * as catalog/engine.json says from the engine's sources; undefined for the
 * catalog's own functions (their record shape has no such text).
 */
export function engineParamDescription(fnName: string, paramName: string): string | undefined {
  return engineFacts.forCall(fnName)?.params?.find((p) => p.name === paramName)?.description;
}

export function parameterTable(fn: FunctionRecord): string {
  // An engine function whose sources name no parameters still takes arguments (its syntax says `{...}`).
  if (fn.arguments.length === 0) return fn.syntax.includes('{') ? '_Its parameters are not documented._' : '_No parameters._';
  const { params } = signatureOf(fn);
  if (params.some((p) => engineParamDescription(fn.name, p.name) !== undefined)) {
    // The engine reads every argument as text: no type column, what each one is instead.
    const rows = params.map((p) => `| \`${p.name}\` | ${p.required ? 'yes' : 'no'} | ${escapeCell(engineParamDescription(fn.name, p.name) ?? '')} |`);
    return ['| parameter | required | what it is |', '|---|---|---|', ...rows].join('\n');
  }
  const rows = params.map(
    (p) =>
      `| \`${p.name}\` | ${paramTypeText(p)} | ${p.required ? 'yes' : 'no'} | ${p.default === undefined ? '' : p.default === '' ? '_(empty)_' : escapeCell(visibleDefault(p.default))} |`,
  );
  return ['| parameter | type | required | default |', '|---|---|---|---|', ...rows].join('\n');
}

/** Where the engine's argument counts differ from the catalog's syntax, say so (the engine decides). */
function engineNote(fn: FunctionRecord): string | undefined {
  const e = engineFacts.forCall(fn.name);
  if (!e) return undefined;
  // The arguments the syntax needs: up to its last required one (ZaddButton{newRow?;customID;...} needs 2).
  let required = 0;
  fn.arguments.forEach((a, i) => {
    if (a.required) required = i + 1;
  });
  const max = fn.variadic ? null : fn.arguments.length;
  if (e.min === required && (e.max === max || (max === null && (e.max === null || e.max >= 50)) || e.lazy)) return undefined;
  const limits = e.max === null || e.max >= 50 ? `at least ${e.min}` : e.min === e.max ? `exactly ${e.min}` : `${e.min} to ${e.max}`;
  return `**Engine:** the engine accepts ${limits} argument${e.max === 1 ? '' : 's'} for ${fn.name} (it halts otherwise), which differs from the syntax above.`;
}

export function functionMarkdown(catalog: Catalog, fn: FunctionRecord): string {
  const sections: string[] = [];
  sections.push(`\`\`\`zscript\n${fn.syntax}\n\`\`\``);
  sections.push(fn.description);
  if (catalog.isEngineOnly(fn)) sections.push('_This function is part of the engine but not documented in the catalog._');
  else {
    const note = engineNote(fn);
    if (note) sections.push(note);
  }
  if (Object.hasOwn(ENGINE_NOTES, fn.name)) sections.push(`**Engine:** ${ENGINE_NOTES[fn.name]}`);
  sections.push(parameterTable(fn));
  const halt = haltMessage(catalog, fn);
  if (halt) sections.push(`**Halts with:** "${halt}" when the check fails (unless another message is given).`);
  else if (isGuard(catalog, fn.name)) sections.push('**Guard:** halts the command when the check fails.');
  if (fn.example) sections.push(`**Example**\n\n\`\`\`zscript\n${fn.example}\n\`\`\``);
  const tags = catalog.tagsOf(fn.name);
  if (tags.length) sections.push(`_${tags.map((t) => t.title).join(' · ')}_`);
  return sections.join('\n\n');
}

const CONTEXT_LABELS: Record<keyof TriggerRecord['context'], string> = {
  author: 'author',
  channel: 'channel',
  message: 'message text',
  target: 'message/target id',
};

export function triggerMarkdown(trigger: TriggerRecord): string {
  const lines = [`**${trigger.name}** (${trigger.kind})`, trigger.description];
  const known: string[] = [];
  const empty: string[] = [];
  for (const key of Object.keys(CONTEXT_LABELS) as (keyof TriggerRecord['context'])[]) {
    const value = trigger.context[key];
    if (value === null) empty.push(CONTEXT_LABELS[key]);
    else known.push(`- ${CONTEXT_LABELS[key]}: ${value}`);
  }
  if (known.length) lines.push(`**Context**\n${known.join('\n')}`);
  if (empty.length) lines.push(`**Empty for this event:** ${empty.join(', ')}`);
  if (trigger.example) lines.push(`**Example**\n\n\`\`\`zscript\n${trigger.example.trimEnd()}\n\`\`\``);
  return lines.join('\n\n');
}
