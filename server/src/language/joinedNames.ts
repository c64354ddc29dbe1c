/**
 * Two function names run together into one word (`ZloopValueZvar`,
 * `ZthumbnailZuserAvatar`): the engine reads a name up to the first
 * character that is not a letter or digit (parser.rs), so the pair is one
 * name to it. The rules that explain such a word try each split.
 */

/**
 * The first split of `word` at an inner `Z` (past the leading one and the
 * letter after it) that `accept` takes, as the length of the first name; -1
 * when none does.
 */
export function joinedNameSplit(word: string, accept: (first: string, second: string) => boolean): number {
  for (let k = word.indexOf('Z', 2); k > 0 && k < word.length - 1; k = word.indexOf('Z', k + 1)) {
    if (accept(word.slice(0, k), word.slice(k))) return k;
  }
  return -1;
}
