/**
 * A `//` comment at the top level of a line that cuts a URL in two. The
 * advice is the one that works (LANGUAGE.md): only {, }, ; and \ have
 * escapes, so the URL goes inside a call's braces, where `//` is text.
 */
import type { CommentNode } from '../../syntax/tree';
import type { StatementContext } from './context';

export function checkCommentCutsText(node: CommentNode, ctx: StatementContext): void {
  const comment = ctx.rel(node.start, node.end);
  const before = ctx.text.slice(ctx.base + Math.max(0, node.start - 8), ctx.base + node.start);
  if (/https?:$/i.test(before) || /^\/\/[\w.-]+\.[a-z]{2,}/i.test(comment)) {
    ctx.diagnostics.push({ code: 'comment-cuts-text', severity: 'warning', start: node.start, end: node.end, message: 'Outside braces, "//" starts a comment, so the rest of this line (it looks like part of a URL) is not sent. There is no escape for "/": put the URL inside a call\'s braces, where "//" is text, e.g. in Zdescription{...} or a field\'s value.' });
  }
}
