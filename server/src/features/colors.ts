/**
 * The colour provider: literal hex colours (`#5865F2` or `5865F2`) in colour
 * parameters (`Zcolor{hex}`, `ZcreateRole{...;color}`, ...) with a picker;
 * presentations keep the `#` style and letter case the user wrote.
 */
import type { Color, ColorInformation, ColorPresentation, Range } from 'vscode-languageserver-types';
import type { Catalog } from '../catalog';
import { isHexColor } from '../language/literals';
import { type Statement, StatementKind } from '../syntax/tree';
import { type DocumentModel, type FeatureContext, bindCall, toRange, trimmedArgument, walkCalls } from './model';

const COLOR_PARAMS = new Set(['hex', 'color']);
type Found = { start: number; end: number; hex: string };
const NONE: Found[] = [];
let cache: { catalog: Catalog; map: WeakMap<Statement, Found[]> } | undefined;

export function documentColorsOf(model: DocumentModel, ctx: FeatureContext): ColorInformation[] {
  if (!cache || cache.catalog !== ctx.catalog) cache = { catalog: ctx.catalog, map: new WeakMap() };
  const { tree, doc } = model;
  const result: ColorInformation[] = [];
  for (let i = 0; i < tree.statements.length; i++) {
    const st = tree.statements[i];
    if (st.kind !== StatementKind.Body) continue;
    let found = cache.map.get(st);
    if (!found) {
      found = [];
      const text = tree.text.slice(tree.starts[i], tree.starts[i + 1]);
      const list = found;
      walkCalls(st.nodes, (call) => {
        const bound = bindCall(ctx.catalog, text, call);
        if (!bound) return;
        bound.binding.args.forEach((entry, k) => {
          if (!entry.param || !COLOR_PARAMS.has(entry.param.name) || call.args[k].nodes.length) return;
          const t = trimmedArgument(text, call.args[k]);
          if (isHexColor(t.text)) list.push({ start: t.start, end: t.end, hex: t.text.replace('#', '') });
        });
      });
      cache.map.set(st, found.length ? found : NONE);
    }
    for (const f of found) {
      const base = tree.starts[i];
      result.push({ range: toRange(doc, base + f.start, base + f.end), color: hexToColor(f.hex) });
    }
  }
  return result;
}

export function hexToColor(hex: string): Color {
  const n = parseInt(hex, 16);
  return { red: ((n >> 16) & 255) / 255, green: ((n >> 8) & 255) / 255, blue: (n & 255) / 255, alpha: 1 };
}

export function colorToHex(color: Color, lowerCase = false): string {
  const part = (v: number) =>
    Math.round(Math.max(0, Math.min(1, v)) * 255)
      .toString(16)
      .padStart(2, '0');
  const hex = part(color.red) + part(color.green) + part(color.blue);
  return lowerCase ? hex : hex.toUpperCase();
}

export function colorPresentationsFor(model: DocumentModel, color: Color, range: Range): ColorPresentation[] {
  const current = model.doc.getText(range);
  const withHash = current === '' || current.trimStart().startsWith('#');
  const lower = /[a-f]/.test(current) && !/[A-F]/.test(current);
  const label = (withHash ? '#' : '') + colorToHex(color, lower);
  return [{ label, textEdit: { range, newText: label } }];
}
