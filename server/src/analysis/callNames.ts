/**
 * The names called anywhere in a file, for the file-level checks. Looked up
 * in the statements' own sets only when asked: a check asks for a name or
 * two, so the walk over the statements does nothing for calls. The names
 * asked are kept, since refold compares only those (see fileChecks.ts).
 */
import type { StatementResult } from './facts';

export class CallNames {
  private readonly answers = new Map<string, boolean>();

  constructor(private readonly results: readonly StatementResult[]) {}

  /** The names asked about so far. */
  asked(): Iterable<string> {
    return this.answers.keys();
  }

  has(name: string): boolean {
    let answer = this.answers.get(name);
    if (answer === undefined) {
      answer = false;
      for (let k = 0; k < this.results.length && !answer; k++) answer = this.results[k].summary.calls?.has(name) === true;
      this.answers.set(name, answer);
    }
    return answer;
  }
}
