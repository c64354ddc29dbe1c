/**
 * Regular expressions as the engine's regex library (Rust's `regex` crate)
 * reads them: it has no look-around and no back-references, the features
 * people bring from JavaScript or PCRE, and it refuses an unbalanced
 * pattern. The engine halts the command when the pattern does not compile.
 */

/** Why `pattern` does not compile, or undefined when nothing here says it will not. */
export function regexError(pattern: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next !== undefined && next >= '1' && next <= '9') return `back-references such as \\${next} are not supported`;
      i++;
    } else if (c === '[') {
      // A class: up to the first unescaped "]" that is not its first character.
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      if (j >= pattern.length) return 'a "[" is never closed';
      i = j;
    } else if (c === '(') {
      if (pattern.startsWith('(?=', i) || pattern.startsWith('(?!', i) || pattern.startsWith('(?<=', i) || pattern.startsWith('(?<!', i))
        return `look-around such as "${pattern.startsWith('(?<', i) ? pattern.slice(i, i + 4) : pattern.slice(i, i + 3)}" is not supported`;
      if (pattern.startsWith('(?>', i)) return 'atomic groups "(?>" are not supported';
      depth++;
    } else if (c === ')') {
      if (depth === 0) return 'a ")" closes no group';
      depth--;
    }
  }
  return depth > 0 ? 'a "(" is never closed' : undefined;
}
