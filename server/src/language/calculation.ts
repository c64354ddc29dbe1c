/**
 * Zcalculate's expressions as the engine reads them (v1.8.5): numbers (digits,
 * `.`, an exponent `e`), `+ - * / %`, `**` (right-associative), unary minus
 * before a number or a parenthesis, parentheses, white space. Anything else
 * is an error that halts the command, and so is a division by zero.
 */

/** Why the engine refuses an expression, and where (an offset into it). */
export interface CalculationError {
  readonly message: string;
  readonly at: number;
}

/** The characters an expression can contain at all. */
const EXPRESSION_CHAR = /[0-9.eE+\-*/%()\s]/;

/** The first character no expression can contain (-1: none): for text around calls, whose values are unknown. */
export function firstForeignCharacter(text: string): number {
  for (let k = 0; k < text.length; k++) if (!EXPRESSION_CHAR.test(text[k])) return k;
  return -1;
}

/** Reads a whole literal expression; undefined when the engine computes it. */
export function calculationError(text: string): CalculationError | undefined {
  const reader = new ExpressionReader(text);
  try {
    reader.expression();
    reader.skipSpace();
    if (reader.pos < text.length) return { message: `unexpected character "${text[reader.pos]}"`, at: reader.pos };
    return undefined;
  } catch (e) {
    if (e instanceof Refusal) return { message: e.message, at: e.at };
    throw e;
  }
}

/** Nesting (parentheses and chained **) read before giving up: far past any real expression, well within the stack. */
const MAX_DEPTH = 200;

class Refusal {
  constructor(
    readonly message: string,
    readonly at: number,
  ) {}
}

/** A recursive-descent reader with the engine's grammar and precedence; values are computed for the division check. */
class ExpressionReader {
  pos = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private isPower(): boolean {
    return this.text[this.pos] === '*' && this.text[this.pos + 1] === '*';
  }

  expression(): number {
    // Deeply nested parentheses: no engine limit is known, and the stack here has one.
    if (++this.depth > MAX_DEPTH) throw new Refusal('too deeply nested', this.pos);
    let left = this.term();
    for (;;) {
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === '+') {
        this.pos++;
        left += this.term();
      } else if (c === '-') {
        this.pos++;
        left -= this.term();
      } else break;
    }
    this.depth--;
    return left;
  }

  private term(): number {
    let left = this.power();
    for (;;) {
      this.skipSpace();
      if (this.isPower()) break;
      const c = this.text[this.pos];
      if (c !== '*' && c !== '/' && c !== '%') break;
      const at = this.pos++;
      const right = this.power();
      if (c === '*') left *= right;
      else if (right === 0) throw new Refusal(c === '/' ? 'a division by zero' : 'a remainder of a division by zero', at);
      else left = c === '/' ? left / right : left % right;
    }
    return left;
  }

  private power(): number {
    const base = this.unary();
    this.skipSpace();
    if (!this.isPower()) return base;
    this.pos += 2;
    // Right-associative, so each ** nests once more: bounded like parentheses.
    if (++this.depth > MAX_DEPTH) throw new Refusal('too deeply nested', this.pos);
    const value = base ** this.power();
    this.depth--;
    return value;
  }

  private unary(): number {
    this.skipSpace();
    if (this.text[this.pos] === '-') {
      this.pos++;
      return -this.atom();
    }
    return this.atom();
  }

  private atom(): number {
    this.skipSpace();
    if (this.pos >= this.text.length) throw new Refusal('the expression ends too early', this.pos);
    if (this.text[this.pos] === '(') {
      this.pos++;
      const value = this.expression();
      this.skipSpace();
      if (this.text[this.pos] !== ')') throw new Refusal('a missing closing parenthesis', this.pos);
      this.pos++;
      return value;
    }
    return this.number();
  }

  private number(): number {
    this.skipSpace();
    const start = this.pos;
    const text = this.text;
    while (this.pos < text.length && /[0-9.eE]/.test(text[this.pos])) {
      this.pos++;
      if ((text[this.pos - 1] === 'e' || text[this.pos - 1] === 'E') && (text[this.pos] === '+' || text[this.pos] === '-')) this.pos++;
    }
    if (this.pos === start) throw new Refusal(`a number expected, not "${text[start] ?? ''}"`, start);
    const written = text.slice(start, this.pos);
    // Rust's float syntax: digits with at most one point, an optional exponent with digits.
    // One way to match each text (no backtracking blow-up on a long run of digits).
    if (!/^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(written))
      throw new Refusal(`"${written.length > 24 ? `${written.slice(0, 20)}...` : written}" is not a number`, start);
    return Number(written);
  }
}
