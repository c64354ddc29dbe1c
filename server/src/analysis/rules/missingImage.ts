/**
 * An embed's image or link taken straight from a getter that gives empty
 * text when the server or user has no such image: ZserverIcon for a server
 * without an icon (servers/serverIcon.rs), ZuserBanner for a user without a
 * banner (users/userBanner.rs), and the server's banner and splash images.
 * The embed functions check their address (embeds/helpers.rs validate_url)
 * and halt the command on the empty one: `Zthumbnail{ZserverIcon}` works in
 * the author's server and halts in one without an icon.
 */
import { type BareCallNode, type CallNode, NodeKind } from '../../syntax/tree';
import { rareFacts } from '../facts';
import { reportIf, type StatementContext, wholeCallOrBare, calledName } from './context';

/** Getters whose answer is empty when there is no image, and what is then missing, in words. */
const IMAGE_GETTERS: Readonly<Record<string, string>> = {
  ZserverIcon: 'a server without an icon',
  ZguildBanner: 'a server without a banner',
  ZguildSplash: 'a server without an invite splash image',
  ZguildDiscoverySplash: 'a server without a discovery splash image',
  ZuserBanner: 'a user without a profile banner (most users have none)',
  // message/getAttachments.rs: the message's attachment addresses, empty text when it has none (or not that many).
  ZgetAttachments: 'a message without an attachment',
};

/** Getters of a colour that are empty when there is none (users/userBannerColor.rs: no accent colour, most users). */
const COLOR_GETTERS: Readonly<Record<string, string>> = {
  ZuserBannerColor: 'a user without a banner colour (most users have none)',
};

/** The embed functions that halt on an empty address (their first argument). */
const ADDRESS_CHECKED: ReadonlySet<string> = new Set(['Zthumbnail', 'Zimage', 'ZauthorIcon', 'ZfooterIcon', 'ZtitleURL', 'ZauthorURL']);

/**
 * Other getters whose answer is empty for some users, and what is then
 * missing: ZuserRoles lists a member's roles without @everyone
 * (roles/userRoles.rs), so it is empty for a member with none, and
 * ZaddField halts on an empty value (embeds/addField.rs: "value" required).
 */
const TEXT_GETTERS: Readonly<Record<string, string>> = {
  ZuserRoles: 'a member without roles',
  // roles/highestRole.rs, lowestRole.rs: the role's ID, empty text for a member without roles.
  ZhighestRole: 'a member without roles',
  ZlowestRole: 'a member without roles',
  // channels/channelTopic.rs, servers/serverDescription.rs: empty text when none is set.
  ZchannelTopic: 'a channel without a topic',
  ZserverDescription: 'a server without a description (only community servers have one)',
  // moderation/getBanReason.rs: the ban's reason, empty text for a ban given without one (and for a user not banned).
  ZgetBanReason: 'a ban given without a reason (or a user who is not banned)',
};

/** A getter of either table in a condition (`Zif{ZserverIcon!=;...}`; the caller knows it is in one): the file handles the empty answer. */
export function recordImageTest(name: string, ctx: StatementContext): void {
  // A member's role read inside a condition (ZrolePosition{ZhighestRole{...}}>...) is not tested: only one compared as it is.
  if (MEMBER_ROLE_GETTERS.has(name) ? ctx.operand : isTestableGetter(name)) rareFacts(ctx.summary).imageTested = true;
}

/** A getter of either table: testing it (or a copy of it) handles its empty answer. */
export function isTestableGetter(name: string): boolean {
  return Object.hasOwn(IMAGE_GETTERS, name) || Object.hasOwn(TEXT_GETTERS, name) || Object.hasOwn(COLOR_GETTERS, name) || MEMBER_ROLE_GETTERS.has(name);
}

/** A member's highest or lowest role: empty for a member without roles (roles/highestRole.rs, lowestRole.rs). */
const MEMBER_ROLE_GETTERS: ReadonlySet<string> = new Set(['ZhighestRole', 'ZlowestRole']);

/** Functions that read a role, and read the author's first role when given an empty one (roles/roleName.rs and the others, lines 5-15). */
const ROLE_READERS: ReadonlySet<string> = new Set(['ZroleName', 'ZroleColor', 'ZrolePosition', 'ZrolePerms', 'ZisHoisted', 'ZisMentionable', 'ZroleExists']);

/**
 * `ZroleName{ZhighestRole{Zmentioned{1}}}`: for a member without roles the
 * role is empty, and the reader then describes the author's own first role
 * (or halts when the author has none either). Not for the author's own
 * roles (the same person either way).
 */
function checkRoleOfMember(node: CallNode, name: string, ctx: StatementContext): void {
  const role = node.args[0] && wholeCallOrBare(node.args[0], ctx);
  if (role?.kind !== NodeKind.Call) return;
  const getter = ctx.rel(role.start, role.nameEnd);
  if (!MEMBER_ROLE_GETTERS.has(getter) || role.args.length === 0) return;
  const member = ctx.rel(role.args[0].start, role.args[0].end).trim();
  if (member === '' || member === 'ZuserID') return;
  const text = ctx.rel(role.start, role.end);
  const whole = ctx.rel(node.start, node.close + 1);
  // What stands for "no role" where the answer goes: a position compared as a number, a colour an embed takes.
  const none = ROLE_READER_NONE[name] ?? 'None';
  const guarded = `Zif{${text}==;${none};${whole}}`;
  reportIf(ctx, 'image-untested', {
    code: 'value-may-be-empty',
    severity: 'warning',
    start: role.start,
    end: role.end,
    message: `${getter} is empty for a member without roles, and ${name} given an empty role reads the author's own first role instead (or halts when the author has none): the answer describes the wrong member. Check it first: ${guarded}.`,
    fixes: [{ title: `Write ${none} for a member without roles`, edits: [{ start: node.start, end: node.close + 1, newText: guarded }], preferred: true }],
  });
}

/** Each role reader's answer for "no role", by what its answer is used for: a number, a colour, a yes/no. */
const ROLE_READER_NONE: Readonly<Record<string, string>> = {
  ZrolePosition: '0',
  ZroleColor: '#99AAB5',
  ZisHoisted: 'false',
  ZisMentionable: 'false',
  ZroleExists: 'false',
};

/** `node` is a call to `name`; reported unless the file tests such a getter somewhere (fileChecks decides). */
export function checkMissingImage(node: CallNode, name: string, ctx: StatementContext): void {
  if (ctx.guarded > 0 || node.close < 0) return;
  if ((name === 'ZonlyForRoles' || name === 'ZonlyForRoleIDs' || name === 'ZroleGrant') && givesAuthorRole(node, name, ctx))
    rareFacts(ctx.summary).authorHasRole = true;
  if (name === 'ZaddField') {
    const getter = getterIn(node.args[1], TEXT_GETTERS, ctx);
    // The author's roles, after a role guard or a role granted to them: not empty.
    const own = getter !== undefined && isAuthors(getter.node, ctx);
    if (getter)
      reportIf(ctx, own ? 'author-roles-untested' : 'image-untested', {
        code: 'value-may-be-empty',
        severity: 'warning',
        start: getter.start,
        end: getter.end,
        message: `${getter.name} is empty for ${TEXT_GETTERS[getter.name]}, and ZaddField halts the command on an empty value ("argument 2 (value) is required"). Give it a value for that case: Zif{${getter.text} ==;None;${getter.text}}.${MEMBER_ROLE_GETTERS.has(getter.name) ? ` Its answer is the role's ID: <@&${getter.text}> shows the role.` : ''}`,
        fixes: [
          {
            title: 'Write None when it is empty',
            edits: [{ start: getter.start, end: getter.end, newText: `Zif{${getter.text} ==;None;${getter.text}}` }],
            preferred: true,
          },
        ],
      });
    return;
  }
  if (ROLE_READERS.has(name)) {
    checkRoleOfMember(node, name, ctx);
    return;
  }
  // Zcolor halts on an empty colour (embeds/helpers.rs validate_color): the fix gives one for that case.
  const color = name === 'Zcolor' ? getterIn(node.args[0], COLOR_GETTERS, ctx) : undefined;
  if (color) {
    const fallback = `Zif{${color.text}==;#5865F2;${color.text}}`;
    reportIf(ctx, 'image-untested', {
      code: 'value-may-be-empty',
      severity: 'warning',
      start: color.start,
      end: color.end,
      message: `${color.name} is empty for ${COLOR_GETTERS[color.name]}, and Zcolor halts the command on an empty colour ("invalid hex color"). Give a colour for that case: ${fallback}.`,
      fixes: [{ title: 'Use another colour when it is empty', edits: [{ start: color.start, end: color.end, newText: fallback }], preferred: true }],
    });
    return;
  }
  const getter = ADDRESS_CHECKED.has(name) ? getterIn(node.args[0], IMAGE_GETTERS, ctx) : undefined;
  if (!getter) return;
  reportIf(ctx, 'image-untested', {
    code: 'image-may-be-missing',
    severity: 'warning',
    start: getter.start,
    end: getter.end,
    message: `${getter.name} is empty for ${IMAGE_GETTERS[getter.name]}, and ${name} halts the command on an empty address ("invalid URL"). Add it only when there is one: Zif{${getter.text}!=;${ctx.rel(node.start, node.close + 1)}}.`,
    fixes: [
      {
        title: `Add it only when there is one (Zif{${getter.text}!=;...})`,
        edits: [
          { start: node.start, end: node.start, newText: `Zif{${getter.text}!=;` },
          { start: node.close + 1, end: node.close + 1, newText: '}' },
        ],
        preferred: true,
      },
    ],
  });
}

/** The argument when it is one whole call (with braces or bare) to a getter of `table`: its name, text and range. */
function getterIn(
  arg: CallNode['args'][number] | undefined,
  table: Readonly<Record<string, string>>,
  ctx: StatementContext,
): { name: string; text: string; start: number; end: number; node: CallNode | BareCallNode } | undefined {
  const getter = arg && wholeCallOrBare(arg, ctx);
  if (!getter) return undefined;
  const name = calledName(getter, ctx);
  return Object.hasOwn(table, name) ? { name, text: ctx.rel(getter.start, getter.end), start: getter.start, end: getter.end, node: getter } : undefined;
}

/** `ZuserRoles`, `ZuserRoles{}`, `ZuserRoles{;name}` or `ZuserRoles{ZuserID;...}`: the command's author's (userRoles.rs: an empty user is the author). */
function isAuthors(getter: CallNode | BareCallNode, ctx: StatementContext): boolean {
  if (getter.kind !== NodeKind.Call || getter.args.length === 0) return true;
  const user = ctx.rel(getter.args[0].start, getter.args[0].end).trim();
  return user === '' || user === 'ZuserID';
}

/**
 * A role guard (ZonlyForRoles, ZonlyForRoleIDs: onlyForRoles.rs lets through
 * only a member with one of the roles, and a refusal stops the command) or a
 * role given to the author (ZroleGrant{;+id}, which halts when it fails):
 * after it the author has a role.
 */
function givesAuthorRole(node: CallNode, name: string, ctx: StatementContext): boolean {
  if (name !== 'ZroleGrant') return node.args.length > 0;
  const user = node.args[0] ? ctx.rel(node.args[0].start, node.args[0].end).trim() : '';
  if (user !== '' && user !== 'ZuserID') return false;
  return node.args.slice(1).some((a) => ctx.rel(a.start, a.end).trim().startsWith('+'));
}
