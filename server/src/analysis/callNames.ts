/**
 * The names called anywhere in a file, for the file-level checks. Looked up
 * in the statements' own sets only when asked: a check asks for a name or
 * two, so the walk over the statements does nothing for calls. The names
 * asked are kept, since refold compares only those (see fileChecks.ts).
 */
import type { StatementResult } from './facts';

/**
 * The same file before an edit that replaced its statements [from, oldTo)
 * with the new tree's [from, to): the answers it knows carry over, so a
 * file walked again after an edit looks at the replaced statements only.
 */
export interface CallNamesBefore {
  readonly calls: CallNames;
  readonly results: readonly StatementResult[];
  readonly from: number;
  readonly to: number;
  readonly oldTo: number;
}

export class CallNames {
  private readonly answers = new Map<string, boolean>();

  constructor(
    private readonly results: readonly StatementResult[],
    private readonly before?: CallNamesBefore,
  ) {}

  /** The names asked about so far. */
  asked(): Iterable<string> {
    return this.answers.keys();
  }

  /** The answer already known for `name`, without looking. */
  known(name: string): boolean | undefined {
    return this.answers.get(name);
  }

  has(name: string): boolean {
    let answer = this.answers.get(name);
    if (answer === undefined) {
      answer = this.fromBefore(name) ?? anyCalls(this.results, 0, this.results.length, name);
      this.answers.set(name, answer);
    }
    return answer;
  }

  /** The answer from the file before the edit, when the replaced statements settle it. */
  private fromBefore(name: string): boolean | undefined {
    const b = this.before;
    const was = b?.calls.known(name);
    if (b === undefined || was === undefined) return undefined;
    if (anyCalls(this.results, b.from, b.to, name)) return true;
    // Not in the new statements: the file has it when an unchanged statement had it.
    if (!was) return false;
    return anyCalls(b.results, b.from, b.oldTo, name) ? undefined : true;
  }
}

function anyCalls(results: readonly StatementResult[], from: number, to: number, name: string): boolean {
  for (let k = from; k < to; k++) if (results[k].summary.calls?.has(name) === true) return true;
  return false;
}
