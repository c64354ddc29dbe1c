/**
 * Signature help for the innermost call around the cursor. The active
 * parameter follows the binding rule (analysis/binding.ts), so variadic
 * parameters and the ones after them light up exactly as diagnostics bind them.
 */
import type { ParameterInformation, SignatureHelp } from 'vscode-languageserver-types';
import { signatureOf } from '../catalog/signature';
import type { FunctionRecord } from '../catalog/types';
import { paramSummary } from './docs';
import { DocumentModel, FeatureContext, bindCall, boundParamAt, callPathAt, locateStatement } from './model';

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
  label += '}';
  return { label, offsets };
}

export function signatureHelpAt(model: DocumentModel, offset: number, ctx: FeatureContext): SignatureHelp | null {
  const loc = locateStatement(model.tree, offset);
  if (!loc) return null;
  const rel = offset - loc.start;
  const path = callPathAt(loc.statement, rel);
  // The innermost call whose function is known (an unknown inner name falls back to its parent).
  for (let i = path.length - 1; i >= 0; i--) {
    const frame = path[i];
    const bound = bindCall(ctx.catalog, loc.text, frame.call);
    if (!bound) continue;
    const { fn, binding } = bound;
    const { label, offsets } = signatureParts(fn);
    const { params } = signatureOf(fn);
    const parameters: ParameterInformation[] = params.map((p, k) => ({
      label: offsets[k],
      documentation: { kind: 'markdown', value: `**${p.name}**: ${paramSummary(p)}` },
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
  return null;
}
