/**
 * Date patterns as the engine's date library (chrono 0.4) reads them: `%`
 * codes, each optionally with a padding flag (`-`, `_`, `0`). A code it does
 * not know makes the formatting fail, and the engine turns that failure into
 * a crash of the command (it formats with to_string, which panics).
 */

/** The letters chrono (0.4.44) knows after `%` (and `%`, `+` and `t`/`n` for tab and newline; `q` is the quarter). */
const CODE_LETTERS = new Set('aAbBcCdDeFgGhHIjklmMnpPqrRsStTuUvVwWxXyYzZ%+'.split(''));

/**
 * The first `%` code of `pattern` that chrono does not know (`%i`, `%o`,
 * `%E`...), as written, or undefined. A lone `%` at the end is not
 * reported here (the caller says so on its own).
 */
export function unknownDateCode(pattern: string): string | undefined {
  for (let i = pattern.indexOf('%'); i >= 0 && i < pattern.length - 1; i = pattern.indexOf('%', i)) {
    const start = i++;
    if (pattern[i] === '-' || pattern[i] === '_' || pattern[i] === '0') i++;
    const rest = pattern.slice(i);
    // Fractions of a second (%f, %.f, %.3f, %3f) and time-zone offsets (%:z, %::z, %:::z, %#z).
    const long = /^(\.?[369]?f|:{1,3}z|#z)/.exec(rest);
    if (long) {
      i += long[0].length;
      continue;
    }
    if (i >= pattern.length) return undefined;
    if (!CODE_LETTERS.has(pattern[i])) return pattern.slice(start, i + 1);
    i++;
  }
  return undefined;
}
