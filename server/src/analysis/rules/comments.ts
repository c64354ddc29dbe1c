/**
 * A `//` comment at the top level of a line that cuts a URL in two. The
 * advice is the one that works (docs/language.md): only {, }, ; and \ have
 * escapes, so the URL goes inside a call's braces, where `//` is text.
 *
 * What counts as a cut URL: `//` right after a scheme (`https:`, `steam:`,
 * `ftp:`, ...), or a scheme-less address right after `//`: `//www.x.y` or a
 * dotted host followed by a path (`//cdn.example.com/a.png`). A comment that
 * merely starts with a dotted word (`//config.json layout`, `//README.md`)
 * is an ordinary comment, not a cut URL.
 */
import type { CommentNode } from '../../syntax/tree';
import type { StatementContext } from './context';

/** A URL scheme ending just before the `//` (RFC 3986: a letter, then letters, digits, +, . or -). */
const SCHEME_BEFORE = /(^|[^A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:$/;
/** An address without a scheme right after the `//`. */
const ADDRESS_AFTER = /^\/\/(www\.[\w-]+\.[a-z]{2,}|[\w-]+(\.[\w-]+)*\.[a-z]{2,}(:\d+)?\/)/i;

export function checkCommentCutsText(node: CommentNode, ctx: StatementContext): void {
  const comment = ctx.rel(node.start, node.end);
  const before = ctx.text.slice(ctx.base + Math.max(0, node.start - 32), ctx.base + node.start);
  if (SCHEME_BEFORE.test(before) || ADDRESS_AFTER.test(comment)) {
    ctx.diagnostics.push({
      code: 'comment-cuts-text',
      severity: 'warning',
      start: node.start,
      end: node.end,
      message:
        'Outside braces, "//" starts a comment, so the rest of this line (it looks like part of a URL) is not sent. There is no escape for "/": put the URL inside a call\'s braces, where "//" is text, e.g. in Zdescription{...} or a field\'s value.',
    });
  }
}
