/**
 * Signature help for the innermost call around the cursor. The active
 * parameter follows the binding rule (analysis/binding.ts), so variadic
 * parameters and the ones after them light up exactly as diagnostics bind them.
 */
import { commentLineAt } from '../syntax/commentLines';
import type { ParameterInformation, SignatureHelp } from 'vscode-languageserver-types';
import { type Parameter, signatureOf } from '../catalog/parameters';
import { closedValuesFor } from './closedValues';
import type { FunctionRecord } from '../catalog/types';
import { engineNeeds, engineParamDescription, paramSummary } from './docs';
import { type DocumentModel, type FeatureContext, bindCall, boundParamAt, callPathAt, locateStatement } from './model';
import { PERMISSION_EDITING_FUNCTIONS } from '../language/permissions';

/** `Zname{a;b?;...;c?}` with the [start, end) of each parameter's name in it. */
export function signatureParts(fn: FunctionRecord): { label: string; offsets: [number, number][] } {
  const { params } = signatureOf(fn);
  let label = `${fn.name}{`;
  const offsets: [number, number][] = [];
  params.forEach((p, i) => {
    if (i > 0) label += ';';
    offsets.push([label.length, label.length + p.name.length]);
    label += p.required ? p.name : `${p.name}?`;
    if (p.variadic) label += ';...';
  });
  // An engine function whose parameters are not named: its syntax (`Zabbreviate{...}`).
  if (params.length === 0 && fn.syntax.endsWith('{...}')) label += '...';
  label += '}';
  return { label, offsets };
}

/** The active parameter's documentation: type, required, default, and what values it takes. */
export function parameterMarkdown(fn: FunctionRecord, p: Parameter): string {
  const lines = [`**${p.name}**: ${paramSummary(p)}`];
  const described = engineParamDescription(fn.name, p.name);
  if (described) lines.push(described.charAt(0).toUpperCase() + described.slice(1));
  // Optional, but the engine reads arguments by position and wants this one's place (ZsendMessage{;text}, ZsetUserVar{name;}).
  if (!p.required && engineNeeds(fn.name, p.index))
    lines.push(`The engine needs it in its place: leave it empty (\`;\`) rather than out, or ${fn.name} halts ("Too few arguments").`);
  const closed = closedValuesFor(fn.name, p.name);
  if (closed.length) lines.push(`One of: ${closed.map((v) => `\`${v.value}\``).join(', ')}`);
  else if (p.type === 'boolean') lines.push('`true` or `false`');
  else if (p.type === 'duration') lines.push('A duration: number + unit (`y` `w` `d` `h` `m` `s`), e.g. `10s`, `5m`, `1h30m`');
  else if (p.type === 'permission' && PERMISSION_EDITING_FUNCTIONS.has(fn.name))
    lines.push('A permission name with `+` (allow), `-` (deny) or `/` (reset) before it, e.g. `+sendMessages`');
  else if (p.type === 'permission') lines.push('A permission name, e.g. `manageMessages`');
  else if (p.type === 'snowflake') lines.push('A Discord ID (17 to 20 digits), usually from a function such as `ZuserID`');
  return lines.join('\n\n');
}

export function signatureHelpAt(model: DocumentModel, offset: number, ctx: FeatureContext): SignatureHelp | null {
  const loc = locateStatement(model.tree, offset);
  if (!loc) return null;
  const rel = offset - loc.start;
  // A `//` line inside a call spanning lines: the engine skips it, it fills no parameter.
  if (commentLineAt(loc.text, 0, loc.text.length, rel)) return null;
  const path = callPathAt(loc.statement, rel);
  // The innermost call: in the arguments of one the catalog does not know (`Zclmp{5;`), no signature,
  // rather than its parent's with a parameter the cursor is not in.
  const frame = path[path.length - 1];
  const bound = frame ? bindCall(ctx.catalog, loc.text, frame.call) : undefined;
  if (!frame || !bound) return null;
  const { fn, binding } = bound;
  const { label, offsets } = signatureParts(fn);
  const { params } = signatureOf(fn);
  const parameters: ParameterInformation[] = params.map((p, k) => ({
    label: offsets[k],
    documentation: { kind: 'markdown', value: parameterMarkdown(fn, p) },
  }));
  const entry = boundParamAt(fn, binding, frame.argIndex);
  // A surplus argument points past the last parameter: nothing is highlighted.
  const activeParameter = entry?.param ? entry.param.index : params.length;
  return {
    signatures: [{ label, documentation: { kind: 'markdown', value: fn.description }, parameters, activeParameter }],
    activeSignature: 0,
    activeParameter,
  };
}
