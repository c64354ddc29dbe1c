/**
 * What Discord refuses in a reply's select menu or in a modal, counted over
 * the file. A select menu (ZnewSelectMenu) needs 1 to 25 options, and at
 * least as many as its minimum and maximum number of choices; a modal 1 to
 * 5 text inputs. The engine sends them as written and drops Discord's
 * refusal: the reply, or the modal, never appears. Options and inputs added
 * in a loop or a condition make the count unknown: only what is certain is
 * reported.
 */
import type { AnalysisDiagnostic } from './diagnostic';
import type { ComponentEvent } from './facts';

const MAX_OPTIONS = 25;
const MAX_INPUTS = 5;

/**
 * `parts`: the file's component events in order (absolute offsets);
 * `modalShown`: the command is an interaction (elsewhere modals never
 * show); `menus`: how many select menus of any kind the file creates (with
 * several, each replaces the one before: select-menu-replaced says so, and
 * which one is sent is not counted here).
 */
export function checkComponentCounts(parts: readonly ComponentEvent[], modalShown: boolean, menus: number, out: AnalysisDiagnostic[]): void {
  const refused = (at: { start: number; end: number }, message: string) =>
    out.push({ code: 'limit-exceeded', severity: 'error', start: at.start, end: at.end, message });
  for (let i = 0; i < parts.length; i++) {
    const head = parts[i];
    if (head.kind !== 'menu' && head.kind !== 'modal') continue;
    // A menu or modal made in a condition or loop may not be the one the parts after it go into.
    if (head.uncertain || (head.kind === 'menu' && menus > 1)) continue;
    const member = head.kind === 'menu' ? 'option' : 'input';
    const most = head.kind === 'menu' ? MAX_OPTIONS : MAX_INPUTS;
    let total = 0;
    let certain = 0;
    let j = i + 1;
    let another = false;
    let overflow: ComponentEvent | undefined;
    for (; j < parts.length && !(parts[j].kind === head.kind && !parts[j].uncertain); j++) {
      const p = parts[j];
      // Another one made in a condition: the parts after it go into one or the other.
      if (p.kind === head.kind) another = true;
      if (p.kind !== member) continue;
      total++;
      if (p.uncertain) continue;
      certain++;
      if (certain === most + 1) overflow = p;
    }
    if (another) continue;
    if (overflow && (head.kind === 'menu' || modalShown))
      refused(
        overflow,
        head.kind === 'menu'
          ? `A select menu holds at most ${MAX_OPTIONS} options; with this ${MAX_OPTIONS + 1}th Discord refuses the reply, and nothing is sent.`
          : `A modal holds at most ${MAX_INPUTS} text inputs; with this sixth Discord refuses to open it, and the user sees "This interaction failed".`,
      );
    if (head.kind === 'modal') {
      if (modalShown && total === 0)
        refused(
          head,
          'This modal has no text input, and Discord opens none without one: the user sees "This interaction failed". Add ZaddTextInput{fieldID;label}.',
        );
      continue;
    }
    if (total === 0) {
      refused(
        head,
        'This select menu has no option, and Discord refuses a menu without one: the reply is not sent. Add ZaddSelectMenuOption{label;value} after it.',
      );
      continue;
    }
    if (total !== certain) continue;
    // Past 25 choices the limit itself is reported (limit-exceeded on the number).
    const within = (n: number | undefined) => n !== undefined && n <= MAX_OPTIONS && n > certain;
    const over = within(head.max) ? `maximum of ${head.max}` : within(head.min) ? `minimum of ${head.min}` : undefined;
    if (over)
      refused(
        head,
        `This select menu has ${certain} option${certain === 1 ? '' : 's'} but a ${over} choices: Discord refuses more choices than options, and the reply is not sent.`,
      );
  }
}
