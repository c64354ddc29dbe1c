/**
 * A small glob matcher for `zscript.files.exclude`: `**` (any number of path
 * segments), `*` and `?` (within a segment), `{a,b}` alternatives and `[...]`
 * classes. Paths are workspace-relative with forward slashes. A pattern
 * without a slash also matches a path's last segment (`*.bak`, `drafts`),
 * as files.exclude-like settings are usually written.
 */

export type GlobMatcher = (relativePath: string) => boolean;

function escapeRegExp(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

function globToRegExpSource(glob: string): string {
  let out = '';
  let i = 0;
  let braceDepth = 0;
  while (i < glob.length) {
    const ch = glob[i];
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        // `**/` → any number of segments; `**` at the end → anything.
        i += 2;
        if (glob[i] === '/') {
          i++;
          out += '(?:[^/]*/)*';
        } else {
          out += '.*';
        }
        continue;
      }
      out += '[^/]*';
    } else if (ch === '?') {
      out += '[^/]';
    } else if (ch === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close === -1) {
        out += '\\[';
      } else {
        let body = glob.slice(i + 1, close);
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        out += `[${body.replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else if (ch === '{') {
      braceDepth++;
      out += '(?:';
    } else if (ch === '}' && braceDepth > 0) {
      braceDepth--;
      out += ')';
    } else if (ch === ',' && braceDepth > 0) {
      out += '|';
    } else {
      out += escapeRegExp(ch);
    }
    i++;
  }
  while (braceDepth-- > 0) out += ')';
  return out;
}

export function compileGlobs(globs: readonly string[]): GlobMatcher {
  const full: RegExp[] = [];
  const base: RegExp[] = [];
  for (const raw of globs) {
    let glob = raw.trim().replace(/\\/g, '/');
    if (!glob) continue;
    if (glob.startsWith('./')) glob = glob.slice(2);
    if (glob.endsWith('/')) glob = glob.slice(0, -1);
    try {
      const re = new RegExp(`^${globToRegExpSource(glob)}$`);
      if (glob.includes('/')) full.push(re);
      else base.push(re);
    } catch {
      // An unparsable pattern excludes nothing.
    }
  }
  if (full.length === 0 && base.length === 0) return () => false;
  return (relativePath: string) => {
    const p = relativePath.replace(/\\/g, '/');
    const last = p.slice(p.lastIndexOf('/') + 1);
    for (const re of full) if (re.test(p)) return true;
    for (const re of base) if (re.test(p) || re.test(last)) return true;
    return false;
  };
}
