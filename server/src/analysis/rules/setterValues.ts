/**
 * What a variable setter's written name and value say the author meant,
 * against what the engine stores (variables/set*Var.rs and var.rs keep both
 * as written): `ZsetUserVar{coins;+50}` meant as "add 50", and
 * `ZsetUserVar{50;coins}` with the name and the value swapped.
 */
import { getterOf, readAsZeroWhileUnset, type VariableScope } from '../../language/variableFunctions';
import { type ReadArgument, reportIf, type StatementContext, swapFix, trimmedRange } from './context';
import { rareFacts } from '../facts';

/** A number with its plus sign, as an amount to add is written. */
const SIGNED_AMOUNT = /^\+\s*(\d+(?:\.\d+)?)$/;

/** A plain word, as a variable is named. */
const NAME_WORD = /^[A-Za-z_][\w-]*$/;

/** `scope`: the variables `name` sets (setterScope). */
export function checkSetterValues(name: string, scope: VariableScope, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (args.length < 2) return;
  const [variable, value] = args;
  if (!variable.literal || !value.literal) return;
  if (scope !== 'temporary' && NAME_WORD.test(variable.text) && /^[+-]?\d+(?:\.\d+)?$/.test(value.text) && value.text !== '0' && value.text !== '1')
    (rareFacts(ctx.summary).numberSets ??= []).push(`${scope}:${variable.text}`);
  const added = SIGNED_AMOUNT.exec(value.text);
  if (added && NAME_WORD.test(variable.text)) {
    // The sum reads the variable back; a saved one as 0 while it is unset (Zsum halts on empty text).
    const read = scope === 'temporary' ? `Zvar{${variable.text}}` : readAsZeroWhileUnset(`${getterOf(scope)}{${variable.text}}`);
    const sum = `Zsum{${read};${added[1]}}`;
    const at = trimmedRange(value.arg, ctx);
    ctx.diagnostics.push({
      code: 'arithmetic-as-text',
      severity: 'warning',
      start: at.start,
      end: at.end,
      message: `${name} stores "${value.text}" as it is written: "${variable.text}" becomes +${added[1]}, the same every time, instead of growing by ${added[1]}. To add it, write ${name}{${variable.text};${sum}}.`,
      // Only where the call names no other member or place: the read back must be of the same variable. Not for a
      // temporary one, which may be unset here (Zsum would halt on it: variable-read-before-set).
      fixes:
        args.length === 2 && scope !== 'temporary'
          ? [{ title: `Add ${added[1]}: ${sum}`, edits: [{ start: at.start, end: at.end, newText: sum }], preferred: true }]
          : undefined,
    });
    return;
  }
  // `ZsetUserVar{50;coins}`: a number as the name and a word as the value, where the file uses that word as a
  // saved variable's name: the value 50 went into a variable named "50", and coins did not change.
  if (scope !== 'temporary' && /^[+-]?\d+(?:\.\d+)?$/.test(variable.text) && NAME_WORD.test(value.text)) {
    const a = trimmedRange(variable.arg, ctx);
    const b = trimmedRange(value.arg, ctx);
    reportIf(ctx, `saved-name-used:${value.text}`, {
      code: 'arguments-swapped',
      severity: 'warning',
      start: a.start,
      end: b.end,
      message: `${name} takes the name first and the value second: this saves "${value.text}" in a variable named "${variable.text}", and "${value.text}", which this command reads, does not change. Write ${name}{${value.text};${variable.text}}.`,
      fixes: [swapFix(`Write ${name}{${value.text};${variable.text}}`, a, b)],
    });
  }
}

/**
 * `ZsetServerVar{entrants;ZgetServerVar{entrants}ZuserID }`: a list that grows
 * by an item and a space each time. The engine trims every argument
 * (parser.rs), so the space at the end is lost, and the items run together
 * ("123…678234…789"), never to be split again. A space before the new item
 * is inside the argument and kept (the first item's is trimmed, harmlessly):
 * the fix moves it there.
 */
export function checkAppendedSpace(name: string, scope: VariableScope, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (args.length !== 2 || !args[0].literal || args[1].literal) return;
  const value = args[1].arg;
  const raw = ctx.rel(value.start, value.end);
  const trailing = /[ \t]+$/.exec(raw);
  // Spaces on both sides are layout.
  if (!trailing || /^\s/.test(raw)) return;
  const read = `${scope === 'temporary' ? 'Zvar' : getterOf(scope)}{${args[0].text}}`;
  if (!raw.startsWith(read)) return;
  const item = raw.slice(read.length, raw.length - trailing[0].length);
  // A separator written before the space (`ZuserID, `) still separates: only the look is lost, as with separators.
  if (item === '' || /^\s/.test(item) || item.includes('\n') || /[,;|/:-]$/.test(item)) return;
  const kept = `${read} ${item}`;
  ctx.diagnostics.push({
    code: 'separator-space-lost',
    severity: 'warning',
    start: value.start + read.length,
    end: value.end,
    message: `The engine trims every argument, so the space at the end of ${name}'s value is lost: each new item is written straight after the last one, and the list's items run together. Put the space before the new item, where it is kept: ${kept}.`,
    fixes: [{ title: `Write ${kept}`, edits: [{ start: value.start, end: value.end, newText: kept }], preferred: true }],
  });
}
