/** zscript-check, the bundled bin (dist/check.js), as a child process over fixture folders. */
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { stripAnnotations } from '../annotated';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const BIN = path.join(ROOT, 'dist', 'check.js');
const FIXTURES = path.join('test', 'fixtures', 'check');

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function check(args: string[], cwd = ROOT): Result {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.length > 0);
}

const LINE = /^(.+):(\d+):(\d+): (error|warning|information|hint) ([a-z-]+) (.+)$/;

/** A bot in `parent`: zbr.json and commands/ with `files` (name → text); the paths of the bot and of each file. */
function makeBot(parent: string, name: string, files: Record<string, string>): { bot: string; file: Record<string, string> } {
  const bot = path.join(parent, name);
  fs.mkdirSync(path.join(bot, 'commands'), { recursive: true });
  fs.writeFileSync(path.join(bot, 'zbr.json'), '{}');
  const file: Record<string, string> = {};
  for (const [n, text] of Object.entries(files)) fs.writeFileSync((file[n] = path.join(bot, 'commands', n)), text);
  return { bot, file };
}

describe('zscript-check (dist/check.js)', () => {
  let temp: string;
  before(() => {
    assert.ok(fs.existsSync(BIN), `${BIN} is missing: run the build first`);
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-check-'));
  });
  after(() => fs.rmSync(temp, { recursive: true, force: true }));

  it('exits 0 with no output on a clean project, and says how many files it checked', () => {
    const r = check([path.join(FIXTURES, 'clean')]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.strictEqual(r.stdout, '');
    assert.match(r.stderr, /2 files checked, 0 errors, 0 warnings/);
  });

  it('prints file:line:col: severity code message with 1-based positions and exits 1 on errors', () => {
    const r = check([path.join(FIXTURES, 'errors')]);
    assert.strictEqual(r.code, 1);
    const out = lines(r.stdout);
    for (const l of out) assert.match(l, LINE);
    assert.deepStrictEqual(out, [
      `${path.join(FIXTURES, 'errors', 'broken.zbr')}:3:1: error missing-argument The engine needs at least 1 argument for Zban and halts the command with "Too few arguments"; this call has 0.`,
      `${path.join(FIXTURES, 'errors', 'broken.zbr')}:4:1: error unknown-function There is no function named ZaddFeild: the engine halts the command with "Unknown function". Did you mean ZaddField?`,
      `${path.join(FIXTURES, 'errors', 'nested', 'deeper.zbr')}:3:8: error invalid-integer "amount" must be a whole number, not "ten".`,
    ]);
    assert.match(r.stderr, /2 files checked, 3 errors, 0 warnings/);
  });

  it('compares the files of one run as the language server compares a workspace: shared triggers, files the engine never loads', () => {
    // A bot: zbr.json, two commands with one trigger, a command in a subfolder of commands/ (never loaded).
    const bot = path.join(temp, 'layout-bot');
    fs.mkdirSync(path.join(bot, 'commands', 'admin'), { recursive: true });
    fs.writeFileSync(path.join(bot, 'zbr.json'), '{}');
    fs.writeFileSync(path.join(bot, 'commands', 'ping.zbr'), '#trigger !ping\nPong!\n');
    fs.writeFileSync(path.join(bot, 'commands', 'pong.zbr'), '#trigger !ping\nAlso pong\n');
    fs.writeFileSync(path.join(bot, 'commands', 'help.zbr'), '#trigger !help\nHelp\n');
    fs.writeFileSync(path.join(bot, 'commands', 'help-mod.zbr'), '#trigger !help mod\nModerator help\n');
    fs.writeFileSync(path.join(bot, 'commands', 'admin', 'ban.zbr'), '#trigger !ban\nBanned\n');
    const r = check([bot]);
    // The shared trigger is an error: the engine drops one of the two files (loader.rs).
    assert.strictEqual(r.code, 1, r.stderr);
    const at = (...p: string[]) => path.join(bot, 'commands', ...p);
    assert.deepStrictEqual(lines(r.stdout), [
      `${at('admin', 'ban.zbr')}:1:1: warning file-not-loaded The engine loads only the files directly in commands/ (next to zbr.json), not those in its subfolder "admin": this command is never loaded. Move it up into commands/.`,
      `${at('help-mod.zbr')}:1:10: warning trigger-overlap A message "!help mod" also starts with "!help", the trigger of help.zbr: the engine tries the commands in no set order and runs the first that matches, so which of the two answers changes from one start of the bot to the next. Give this command a trigger that does not start with another's and a space.`,
      `${at('ping.zbr')}:1:10: error duplicate-trigger pong.zbr has the same trigger "!ping": the engine keeps its commands by trigger, so only one of these files is loaded, and which one is not defined. Files that have the same trigger must be merged into one.`,
      `${at('pong.zbr')}:1:10: error duplicate-trigger ping.zbr has the same trigger "!ping": the engine keeps its commands by trigger, so only one of these files is loaded, and which one is not defined. Files that have the same trigger must be merged into one.`,
    ]);
    assert.match(r.stderr, /5 files checked, 2 errors, 2 warnings/);
    assert.strictEqual(check(['--severity', 'duplicate-trigger=warning', bot]).code, 0, 'downgraded, the shared trigger no longer fails the run');
    // A byte-order mark before the trigger line: the engine reads that line as text, not as a header
    // (loader.rs), so the file has no trigger and is not loaded: no trigger to share either.
    fs.writeFileSync(path.join(bot, 'commands', 'pong.zbr'), '\ufeff#trigger !ping\nAlso pong\n');
    const marked = lines(check([bot]).stdout);
    assert.ok(
      marked.includes(
        `${at('pong.zbr')}:1:1: error byte-order-mark The file starts with a byte-order mark: the engine does not read the first line as a header, so its #trigger is lost, and without one the file is not loaded. Save the file as UTF-8 without BOM.`,
      ),
      marked.join('\n'),
    );
    assert.ok(!marked.some((l) => / duplicate-trigger /.test(l)), marked.join('\n'));
    // Before a comment the mark is text the command writes: a warning, and the mark is no column.
    fs.writeFileSync(path.join(bot, 'commands', 'pong.zbr'), '\ufeff// pong\n#trigger !ping\nAlso pong Zfoo\n');
    const before = lines(check([bot]).stdout).filter((l) => l.startsWith(at('pong.zbr')));
    assert.deepStrictEqual(
      before.map((l) => l.split(' ').slice(0, 3).join(' ')),
      [`${at('pong.zbr')}:1:1: warning byte-order-mark`, `${at('pong.zbr')}:2:10: error duplicate-trigger`],
    );
    fs.writeFileSync(path.join(bot, 'commands', 'pong.zbr'), '#trigger !ping\nAlso pong\n');
    // A file checked alone has no other file to share its trigger with.
    assert.deepStrictEqual(lines(check([at('ping.zbr')]).stdout), []);
    // Severity overrides apply to them as to every code.
    assert.doesNotMatch(check(['--severity', 'duplicate-trigger=off', bot]).stdout, /duplicate-trigger/);
    // Interaction commands are never matched against a message (bot.rs runs prefix commands only there): no overlap.
    const clicks = path.join(temp, 'layout-interactions');
    fs.mkdirSync(clicks, { recursive: true });
    fs.writeFileSync(path.join(clicks, 'any.zbr'), '#trigger onInteraction\n#type interaction\nClicked\n');
    fs.writeFileSync(path.join(clicks, 'spaced.zbr'), '#trigger onInteraction {x}\n#type interaction\nClicked x\n');
    const clicked = check([clicks]).stdout;
    assert.match(clicked, /spaced\.zbr/, 'the spaced trigger has its own warning');
    assert.doesNotMatch(clicked, /trigger-overlap/);
    // A trigger the catalog lists is an event: two handlers of it are named so.
    const events = path.join(temp, 'layout-events');
    fs.mkdirSync(events, { recursive: true });
    for (const name of ['join.zbr', 'welcome.zbr']) fs.writeFileSync(path.join(events, name), '#type event\n#trigger onMemberJoin\nWelcome!\n');
    const both = lines(check([events]).stdout).filter((l) => / duplicate-trigger /.test(l));
    assert.strictEqual(both.length, 2, both.join('\n'));
    for (const l of both) assert.match(l, /Files that handle the same event must be merged into one\.$/);
    // Two commands with one name share their cooldowns (cooldown.rs keys them by the name); !daily and /daily are one command.
    const named = path.join(temp, 'layout-cooldown');
    fs.mkdirSync(named, { recursive: true });
    fs.writeFileSync(path.join(named, 'daily.zbr'), '#trigger !daily\n#name Rewards\nZcooldown{1d}\nYou got 100 coins.\n');
    fs.writeFileSync(path.join(named, 'weekly.zbr'), '#trigger !weekly\n#name Rewards\nZcooldown{7d}\nYou got 1000 coins.\n');
    fs.writeFileSync(path.join(named, 'daily-slash.zbr'), '#trigger /daily\n#type slash\nZcooldown{1d}\nYou got 100 coins.\n');
    fs.writeFileSync(path.join(named, 'daily-prefix.zbr'), '#trigger !daily2\n#name daily\nZcooldown{12h}\nYou got 100 coins.\n');
    // An alias in another language, with the very same cooldown: sharing it is the point.
    fs.writeFileSync(path.join(named, 'diario.zbr'), '#trigger !diario\n#name daily\nZcooldown{1d}\nGanaste 100 monedas.\n');
    const shared = lines(check([named]).stdout).filter((l) => / shared-cooldown /.test(l));
    assert.deepStrictEqual(
      shared.map((l) => path.basename(l.split(':')[0])),
      ['daily-prefix.zbr', 'daily-slash.zbr', 'daily.zbr', 'diario.zbr', 'weekly.zbr'],
      shared.join('\n'),
    );
    assert.match(shared[0], /daily-prefix\.zbr:1:10: warning shared-cooldown .*daily-slash\.zbr \(\/daily\), diario\.zbr \(!diario\) have this command's name/);
    assert.match(shared[1], /daily-slash\.zbr:1:10: warning shared-cooldown .*daily-prefix\.zbr \(!daily2\) has this command's name/);
    assert.match(shared[2], /daily\.zbr:1:10: warning shared-cooldown .*weekly\.zbr \(!weekly\) has this command's name, "Rewards"/);
    // A file the loader refuses (a bad #option) is no command: the other one is loaded, and the error says why.
    const refused = path.join(temp, 'layout-refused');
    fs.mkdirSync(refused, { recursive: true });
    fs.writeFileSync(path.join(refused, 'stats.zbr'), '#trigger !stats\nStats\n');
    fs.writeFileSync(path.join(refused, 'stats-old.zbr'), '#trigger !stats\n#option days|How many days|integer\nOld stats\n');
    const found = lines(check([refused]).stdout);
    assert.deepStrictEqual(
      found.map((l) => / (error|warning|information) ([a-z-]+) /.exec(l)?.slice(1).join(' ')),
      ['error invalid-option'],
      found.join('\n'),
    );
  });

  it('warns on names one command reads and no command of the bot writes, near one that is written, only with the whole bot', () => {
    const bot = path.join(temp, 'names-bot');
    const commands = path.join(bot, 'commands');
    fs.mkdirSync(commands, { recursive: true });
    fs.writeFileSync(path.join(bot, 'zbr.json'), '{}');
    fs.writeFileSync(path.join(commands, 'setprefix.zbr'), '#trigger !setprefix\nZsetServerVar{prefix;Zmessage{1}}\nZsetUserVar{level;1}\nSaved.\n');
    const show = path.join(commands, 'show.zbr');
    fs.writeFileSync(show, '#trigger !show\nPrefix: ZgetUserVar{prefix}\nLevel: ZgetUserVar{levle}\nXP: ZgetUserVar{xp}\n');
    fs.writeFileSync(
      path.join(commands, 'form.zbr'),
      '#trigger onInteraction{open}\n#type interaction\nZnewModal{report;Report}\nZaddTextInput{what;What happened}\n',
    );
    const got = path.join(commands, 'got.zbr');
    fs.writeFileSync(got, '#trigger onInteraction{report}\n#type interaction\nYou said: ZinputValue{What}\n');
    const warned = (args: string[]) => lines(check(args).stdout).filter((l) => / (saved-variable-misnamed|input-not-in-modal) /.test(l));
    assert.deepStrictEqual(warned([bot]), [
      `${got}:3:23: warning input-not-in-modal The modal "report" has no text input "What" (its inputs: "what"), and the engine matches the ID exactly, capitals included: ZinputValue{What} is always empty. Is "what" the input meant?`,
      `${show}:2:21: warning saved-variable-misnamed No command of this bot saves a user variable "prefix", so ZgetUserVar{prefix} always reads empty text: ZsetServerVar in setprefix.zbr saves it as a server variable, a different variable. Read it with ZgetServerVar{prefix}.`,
      `${show}:3:20: warning saved-variable-misnamed No command of this bot saves a user variable "levle", so ZgetUserVar{levle} always reads empty text, while ZsetUserVar in setprefix.zbr saves "level". Is "level" the name meant?`,
    ]);
    // Some files of the bot alone: the others may write the names.
    assert.deepStrictEqual(warned([show, got]), []);
    // A setter whose name a call computes may write any name of its scope.
    fs.writeFileSync(path.join(commands, 'stats.zbr'), '#trigger !stats\nZsetUserVar{Zmessage{1};0}\n');
    assert.deepStrictEqual(
      warned([bot]).map((l) => / (saved-variable-misnamed|input-not-in-modal) /.exec(l)![1]),
      ['input-not-in-modal'],
    );
    // A modal whose input ID is computed may have any input.
    fs.writeFileSync(
      path.join(commands, 'form.zbr'),
      '#trigger onInteraction{open}\n#type interaction\nZnewModal{report;Report}\nZaddTextInput{Zvar{field};What happened}\n',
    );
    assert.deepStrictEqual(warned([bot]), []);
  });

  it('warns on a saved flag compared with True where the whole bot saves it as true or false', () => {
    const toggle = '#trigger !afk\nZif{ZgetUserVar{afk}==true;ZsetUserVar{afk;false}Back.;ZsetUserVar{afk;true}Away.}\n';
    const { bot, file } = makeBot(temp, 'afk-bot', { 'afk.zbr': toggle, 'list.zbr': '#trigger !isafk\nZif{ZgetUserVar{afk}==True;Away.;Here.}\n' });
    const warned = (args: string[]) => lines(check(args).stdout).filter((l) => / condition-never-true /.test(l));
    assert.deepStrictEqual(warned([bot]), [
      `${file['list.zbr']}:2:5: warning condition-never-true Every command of this bot saves the user variable "afk" as true or false, in small letters, and == compares text exactly: "ZgetUserVar{afk}==True" is never true. Compare with true.`,
    ]);
    // The file alone: another command may save True.
    assert.deepStrictEqual(warned([file['list.zbr']]), []);
    // A bot of one command is whole with that one file.
    const solo = makeBot(temp, 'afk-solo', { 'afk.zbr': toggle.replace('==true', '==True') }).file['afk.zbr'];
    assert.deepStrictEqual(
      warned([solo]).map((l) => l.slice(0, l.indexOf(' Every'))),
      [`${solo}:2:5: warning condition-never-true`],
    );
  });

  it("warns where a button's command edits the button the engine's way, which takes the other buttons away, only with the whole bot", () => {
    const { bot, file } = makeBot(temp, 'vote-bot', {
      'poll.zbr': '#trigger !poll\nVote!\nZaddButton{;vote-yes;Yes;success}\nZaddButton{;vote-no;No;danger}\n',
      'vote-yes.zbr': '#trigger onInteraction{vote-yes}\n#type interaction\nZeditButton{vote-yes;Yes (1);success}\nCounted.\n',
    });
    const replaced = (args: string[]) => lines(check(args).stdout).filter((l) => / components-replaced /.test(l));
    assert.deepStrictEqual(
      replaced([bot]).map((l) => l.slice(0, l.indexOf(' ZeditButton'))),
      [`${file['vote-yes.zbr']}:3:1: warning components-replaced`],
    );
    assert.match(replaced([bot])[0], /also has "vote-no", made with it/);
    // Checked alone, the button's command cannot know what else the message has.
    assert.deepStrictEqual(replaced([file['vote-yes.zbr']]), []);
  });

  it("warns on a reaction event that would count the bot's own reactions, only with the whole bot", () => {
    const { bot, file } = makeBot(temp, 'suggest-bot', {
      'suggest.zbr': '#trigger !suggest\nSuggestion: Zmessage\nZaddReactions{👍;👎}\n',
      'count.zbr': '#trigger onReactionAdd\n#type event\nZsetServerVar{votes;Zsum{Zif{ZgetServerVar{votes}==;0;ZgetServerVar{votes}};1}}\n',
    });
    const warned = (args: string[]) => lines(check(args).stdout).filter((l) => / reaction-by-bot /.test(l));
    assert.deepStrictEqual(
      warned([bot]).map((l) => l.slice(0, l.indexOf(' Discord'))),
      [`${file['count.zbr']}:1:10: warning reaction-by-bot`],
    );
    assert.deepStrictEqual(warned([file['count.zbr']]), []);
  });

  it("does not warn that a saved variable may be unset in a button's command when every command making the button sets it first", () => {
    const { bot, file } = makeBot(temp, 'poll-bot', {
      'poll.zbr': '#trigger !poll\nZsetServerVar{yes;0}\nVote!\nZaddButton{;vote-yes;Yes}\n',
      'vote-yes.zbr': '#trigger onInteraction{vote-yes}\n#type interaction\nZsetServerVar{yes;Zsum{ZgetServerVar{yes};1}}\nCounted.\n',
    });
    const panel = file['poll.zbr'];
    const vote = file['vote-yes.zbr'];
    const unset = (args: string[]) => lines(check(args).stdout).filter((l) => / saved-variable-unset /.test(l));
    assert.deepStrictEqual(unset([bot]), []);
    // Checked alone, the button's command cannot know.
    assert.strictEqual(unset([vote]).length, 1);
    // A panel that sets it only on a condition proves nothing.
    fs.writeFileSync(panel, '#trigger !poll\nZif{Zmessage{1}==new;ZsetServerVar{yes;0}}\nVote!\nZaddButton{;vote-yes;Yes}\n');
    assert.strictEqual(unset([bot]).length, 1);
  });

  it("does not say a button's command answers a modal because it reads ZinputValue: with the whole bot, the ID is a button's", () => {
    const { bot, file } = makeBot(temp, 'approve-bot', {
      'panel.zbr': '#trigger !panel\nRequests\nZaddButton{;approve;Approve}\n',
      'approve.zbr': '#trigger onInteraction{approve}\n#type interaction\nZupdate\nApproved. Note: ZinputValue{note}\n',
    });
    const codes = (args: string[]) => lines(check(args).stdout).map((l) => / (?:error|warning) ([a-z-]+) /.exec(l)?.[1]);
    assert.deepStrictEqual(codes([bot]), ['input-not-in-modal']);
    // Checked alone, the command reads a modal's input: it may answer one.
    assert.deepStrictEqual(codes([file['approve.zbr']]), ['update-in-modal-reply']);
  });

  it('reports a slash command whose name a sub-slash command of its folder takes as its parent, not a global one', () => {
    const { bot, file } = makeBot(temp, 'slash-bot', {
      'ticket.zbr': '#trigger /ticket\n#type slash\n#description Opens a ticket\nOpened.\n',
      'ticket-close.zbr': '#trigger /ticket close\n#type sub-slash\n#description Closes a ticket\nClosed.\n',
      'help.zbr': '#trigger /help\n#type slash\n#description Help\nHelp.\n',
    });
    const slash = file['ticket.zbr'];
    const shared = (args: string[]) => lines(check(args).stdout).filter((l) => / slash-name-shared /.test(l));
    assert.deepStrictEqual(
      shared([bot]).map((l) => path.basename(l.split(':')[0])),
      ['ticket-close.zbr', 'ticket.zbr'],
    );
    assert.match(
      shared([bot])[1],
      /ticket\.zbr:1:10: error slash-name-shared The sub-slash command ticket-close\.zbr \(\/ticket close\) has this command's name as its parent/,
    );
    fs.writeFileSync(slash, '#trigger /ticket\n#type slash\n#scope global\n#description Opens a ticket\nOpened.\n');
    assert.deepStrictEqual(shared([bot]), []);
  });

  it('warns on a component no command of the bot handles, only when every command file of the bot is checked', () => {
    const bot = path.join(temp, 'handler-bot');
    fs.mkdirSync(path.join(bot, 'commands'), { recursive: true });
    fs.writeFileSync(path.join(bot, 'zbr.json'), '{}');
    const apply = path.join(bot, 'commands', 'apply.zbr');
    // A link button and a disabled one send no interaction; the modal's submission does.
    fs.writeFileSync(
      apply,
      '#trigger !apply\nJoin?\nZaddButton{;apply-btn;Apply;primary}\nZaddButton{;https://example.com;Site;link}\nZaddButton{;off;Off;danger;true}\n',
    );
    fs.writeFileSync(
      path.join(bot, 'commands', 'click.zbr'),
      '#trigger onInteraction{apply-button}\n#type interaction\nZnewModal{form;Apply}\nZaddTextInput{age;Age}\n',
    );
    const r = check([bot]);
    assert.deepStrictEqual(
      lines(r.stdout).filter((l) => / interaction-not-handled /.test(l)),
      [
        `${apply}:3:13: warning interaction-not-handled No command of this bot handles the custom ID "apply-btn": when the component is used (clicked, chosen or submitted), the engine runs the command whose trigger is onInteraction{apply-btn}, or else onInteraction, and this commands folder has neither, so nothing happens. click.zbr handles "apply-button": is that the ID meant?`,
        `${path.join(bot, 'commands', 'click.zbr')}:3:11: warning interaction-not-handled No command of this bot handles the custom ID "form": when the component is used (clicked, chosen or submitted), the engine runs the command whose trigger is onInteraction{form}, or else onInteraction, and this commands folder has neither, so nothing happens. Add a command with "#trigger onInteraction{form}" and "#type interaction".`,
      ],
    );
    // A modal made in a command that is not an interaction is never shown (modal-outside-interaction says so): nothing to handle.
    const prefixModal = path.join(bot, 'commands', 'form.zbr');
    fs.writeFileSync(prefixModal, '#trigger !form\nZnewModal{signup;Sign up}\nZaddTextInput{age;Age}\n');
    assert.doesNotMatch(check([bot]).stdout, /"signup"/);
    fs.rmSync(prefixModal);
    // A disable comment silences it, as it does the file's own diagnostics.
    const silenced = path.join(bot, 'commands', 'silenced.zbr');
    fs.writeFileSync(silenced, '#trigger !vote\n// zscript-disable-next-line interaction-not-handled\nZaddButton{;vote-yes;Yes}\n');
    assert.doesNotMatch(check([bot]).stdout, /"vote-yes"/);
    fs.rmSync(silenced);
    // One file alone: the others may handle it.
    assert.doesNotMatch(check([apply]).stdout, /interaction-not-handled/);
    // A catch-all handler takes every ID.
    fs.writeFileSync(path.join(bot, 'commands', 'any.zbr'), '#trigger onInteraction\n#type interaction\nDone.\n');
    assert.doesNotMatch(check([bot]).stdout, /interaction-not-handled/);
    // Unless a command has the ID's own trigger with another #type: the engine finds it, refuses it, and stops there.
    fs.writeFileSync(path.join(bot, 'commands', 'click.zbr'), '#trigger onInteraction{apply-btn}\nThanks\n');
    assert.match(
      check([bot]).stdout,
      /"apply-btn".*click\.zbr, the command it finds, has another type, so nothing happens\. Write "#type interaction" in click\.zbr\./,
    );
  });

  it('searches folders recursively for .zbr files only', () => {
    const r = check([path.join(FIXTURES, 'errors')]);
    assert.ok(r.stdout.includes('nested'), 'the nested folder is searched');
    assert.ok(!r.stdout.includes('notes.txt'), 'other extensions are left alone');
  });

  it('defaults to the current folder', () => {
    const r = check([], path.join(ROOT, FIXTURES, 'errors'));
    assert.strictEqual(r.code, 1);
    assert.match(r.stdout, /^broken\.zbr:3:1: error missing-argument /m);
    assert.match(r.stdout, new RegExp(`^nested\\${path.sep}deeper\\.zbr:3:8: error invalid-integer `, 'm'));
  });

  it('checks a file named explicitly whatever its extension', () => {
    const file = path.join(temp, 'command.txt');
    fs.writeFileSync(file, '#trigger !x\nZban{}\n');
    const r = check([file]);
    assert.strictEqual(r.code, 1);
    assert.match(r.stdout, /command\.txt:2:1: error missing-argument/);
  });

  it('exits 0 on warnings alone, and 1 when they exceed --max-warnings', () => {
    const dir = path.join(FIXTURES, 'warnings');
    const plain = check([dir]);
    assert.strictEqual(plain.code, 0);
    assert.strictEqual(lines(plain.stdout).length, 2);
    assert.ok(lines(plain.stdout).every((l) => LINE.exec(l)?.[4] === 'warning'));
    assert.strictEqual(check([dir, '--max-warnings', '2']).code, 0);
    assert.strictEqual(check([dir, '--max-warnings=2']).code, 0);
    const over = check([dir, '--max-warnings', '1']);
    assert.strictEqual(over.code, 1);
    assert.match(over.stderr, /more than --max-warnings 1/);
    assert.strictEqual(check([dir, '--max-warnings', '0']).code, 1);
  });

  it('--quiet prints errors only (warnings still count for --max-warnings)', () => {
    const r = check(['--quiet', path.join(FIXTURES, 'warnings'), path.join(FIXTURES, 'errors')]);
    assert.strictEqual(r.code, 1);
    const out = lines(r.stdout);
    assert.strictEqual(out.length, 3);
    assert.ok(out.every((l) => LINE.exec(l)?.[4] === 'error'));
    const warningsOnly = check(['--quiet', '--max-warnings', '0', path.join(FIXTURES, 'warnings')]);
    assert.strictEqual(warningsOnly.stdout, '');
    assert.strictEqual(warningsOnly.code, 1);
  });

  it('--format json reports positions, severities and counts', () => {
    const r = check(['--format', 'json', path.join(FIXTURES, 'warnings'), path.join(FIXTURES, 'errors', 'broken.zbr')]);
    assert.strictEqual(r.code, 1);
    const report = JSON.parse(r.stdout);
    assert.strictEqual(report.files, 2);
    assert.strictEqual(report.errors, 2);
    assert.strictEqual(report.warnings, 2);
    assert.deepStrictEqual(report.problems, []);
    const colour = report.diagnostics.find((d: { code: string }) => d.code === 'invalid-color');
    assert.deepStrictEqual(colour, {
      file: path.join(FIXTURES, 'warnings', 'colour.zbr'),
      line: 4,
      column: 8,
      endLine: 4,
      endColumn: 12,
      severity: 'warning',
      code: 'invalid-color',
      message: colour.message,
    });
  });

  it('--severity changes or silences a code', () => {
    const dir = path.join(FIXTURES, 'warnings');
    const raised = check([dir, '--severity', 'invalid-color=error']);
    assert.strictEqual(raised.code, 1);
    assert.match(raised.stdout, /colour\.zbr:4:8: error invalid-color /);
    const off = check([dir, '--severity=invalid-color=off', '--severity', 'invalid-scope=off']);
    assert.strictEqual(off.code, 0);
    assert.strictEqual(off.stdout, '');
  });

  it("reports what the analysis reports (an annotated fixture's expectations)", () => {
    // The annotated fixture's code, checked as a file; its annotation lines say what the analysis tests assert.
    const fixture = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'annotated', 'arity.zbr'), 'utf8');
    const file = path.join(temp, 'arity.zbr');
    fs.writeFileSync(file, stripAnnotations(fixture));
    const expected: { code: string; line: number }[] = [];
    let codeLine = 0;
    for (const line of fixture.split('\n')) {
      const annotation = /^\s*\^+ \S+ (\S+)/.exec(line);
      if (annotation) expected.push({ code: annotation[1], line: codeLine });
      else codeLine++;
    }
    assert.ok(expected.length >= 5);
    const report = JSON.parse(check(['--format', 'json', file]).stdout);
    const got = report.diagnostics.map((d: { code: string; line: number }) => ({ code: d.code, line: d.line }));
    assert.deepStrictEqual(
      got.sort((a: { line: number }, b: { line: number }) => a.line - b.line),
      expected.sort((a, b) => a.line - b.line),
    );
  });

  it('skips node_modules and .git folders', () => {
    const project = path.join(temp, 'project');
    for (const dir of ['commands', 'node_modules/pkg', '.git/x']) fs.mkdirSync(path.join(project, dir), { recursive: true });
    fs.writeFileSync(path.join(project, 'commands', 'ok.zbr'), '#trigger !ok\nOK\n');
    fs.writeFileSync(path.join(project, 'node_modules', 'pkg', 'bad.zbr'), 'Zban{}\n');
    fs.writeFileSync(path.join(project, '.git', 'x', 'bad.zbr'), 'Zban{}\n');
    const r = check([project]);
    assert.strictEqual(r.code, 0, r.stdout);
    assert.match(r.stderr, /1 file checked/);
  });

  it('follows links inside the folder given, names links out of it on stderr without checking them, and loops end', function () {
    if (process.platform === 'win32') this.skip();
    const project = path.join(temp, 'linked');
    const elsewhere = path.join(temp, 'elsewhere');
    fs.mkdirSync(path.join(project, 'commands'), { recursive: true });
    fs.mkdirSync(elsewhere, { recursive: true });
    fs.writeFileSync(path.join(project, 'commands', 'ok.zbr'), '#trigger !ok\nOK\n');
    fs.writeFileSync(path.join(elsewhere, 'bad.zbr'), 'Zban{}\n');
    fs.symlinkSync(path.join(project, 'commands'), path.join(project, 'again'));
    fs.symlinkSync(project, path.join(project, 'commands', 'loop'));
    fs.symlinkSync(path.join(elsewhere, 'bad.zbr'), path.join(project, 'out.zbr'));
    fs.symlinkSync(elsewhere, path.join(project, 'out-folder'));
    const r = check([project]);
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /1 file checked/);
    assert.match(r.stderr, /out\.zbr: it links outside the folder .*linked, not checked/);
    assert.match(r.stderr, /out-folder: it links outside the folder .*linked, not checked/);
  });

  it('reports an unreadable path in one line, still checks the others, and exits 2', () => {
    const missing = path.join(temp, 'no-such-folder');
    const r = check([missing, path.join(FIXTURES, 'clean')]);
    assert.strictEqual(r.code, 2);
    const errLines = lines(r.stderr);
    assert.ok(errLines.includes(`zscript-check: ${missing}: cannot be read (no such file or folder)`), r.stderr);
    assert.match(r.stderr, /2 files checked/);
    assert.ok(!/\n\s+at /.test(r.stderr), 'no stack trace');
  });

  it('an empty folder: says nothing was found and exits 2, not a silent pass', () => {
    const empty = path.join(temp, 'empty');
    fs.mkdirSync(path.join(empty, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(empty, 'sub', 'notes.txt'), 'not a command file');
    const r = check([empty]);
    assert.strictEqual(r.code, 2);
    assert.strictEqual(r.stdout, '');
    assert.ok(lines(r.stderr).includes(`zscript-check: no .zbr files found in ${empty}; nothing was checked`), r.stderr);
    const json = check(['--format', 'json', empty]);
    assert.strictEqual(json.code, 2);
    assert.strictEqual(JSON.parse(json.stdout).files, 0);
  });

  it('skips binary files (NUL bytes) with a note, never echoing raw control bytes', () => {
    const dir = path.join(temp, 'binary');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'blob.zbr'), Buffer.from([0x5a, 0x66, 0x6f, 0x6f, 0x00, 0x7b, 0x00, 0x7d, 0x0a, 0x1b, 0x5b, 0x32, 0x4a]));
    let r = check([dir]);
    assert.strictEqual(r.code, 2, 'only a binary file: nothing was checked');
    assert.ok(!/[\u0000\u001b]/.test(r.stdout + r.stderr), JSON.stringify(r.stderr));
    assert.match(r.stderr, /blob\.zbr: binary file \(contains NUL bytes\), not checked/);
    assert.match(r.stderr, /only binary files found/);
    // Next to a real command file, the binary one is skipped and the real one checked.
    fs.writeFileSync(path.join(dir, 'ok.zbr'), '#trigger !ok\nZtitle{hi}\n');
    r = check([dir]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(r.stderr, /blob\.zbr: binary file/);
    assert.match(r.stderr, /1 file checked/);
    // An escape sequence in a file's text reaches the report escaped.
    fs.writeFileSync(path.join(dir, 'esc.zbr'), '#trigger !esc\nZtit\u001b[2Jle{hi}\n');
    r = check([path.join(dir, 'esc.zbr')]);
    assert.ok(!r.stdout.includes('\u001b'), JSON.stringify(r.stdout));
  });

  it('reports a file the engine cannot read as UTF-8 (UTF-16, Windows-1252) on the line of its first foreign byte', () => {
    const dir = path.join(temp, 'encodings');
    fs.mkdirSync(dir, { recursive: true });
    // UTF-16 with its byte-order mark: text with NUL bytes, not a binary file.
    fs.writeFileSync(path.join(dir, 'wide.zbr'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('#trigger !ping\nPong\n', 'utf16le')]));
    // Windows-1252: "é" is the one byte 0xE9, on line 3, after a line of UTF-8 characters of two and three bytes.
    fs.writeFileSync(path.join(dir, 'latin.zbr'), Buffer.concat([Buffer.from('#trigger !cafe\n// café ✅\n'), Buffer.from('Caf\xe9 ouvert\n', 'latin1')]));
    fs.writeFileSync(path.join(dir, 'ok.zbr'), '#trigger !ok\nOpen\n');
    const r = check([dir]);
    assert.strictEqual(r.code, 1, r.stderr);
    const out = lines(r.stdout);
    assert.ok(
      out.some((l) => l.startsWith(`${path.join(dir, 'latin.zbr')}:3:1: error not-utf8 This file is not UTF-8: the byte 0xE9 on this line`)),
      out.join('\n'),
    );
    assert.ok(
      out.some((l) => l.startsWith(`${path.join(dir, 'wide.zbr')}:1:1: error not-utf8 This file is saved as UTF-16`)),
      out.join('\n'),
    );
    assert.match(r.stderr, /3 files checked/);
    assert.strictEqual(check(['--severity', 'not-utf8=off', path.join(dir, 'wide.zbr')]).code, 0);
  });

  it('exits 2 with a one-line message on bad usage', () => {
    for (const args of [
      ['--bogus'],
      ['--format', 'xml'],
      ['--max-warnings', 'many'],
      ['--severity', 'nope'],
      ['--severity', 'not-a-code=error'],
      ['--catalog'],
    ]) {
      const r = check(args);
      assert.strictEqual(r.code, 2, args.join(' '));
      assert.match(lines(r.stderr)[0], /^zscript-check: /);
      assert.strictEqual(lines(r.stderr)[1], "Run 'zscript-check --help' for usage.");
      assert.strictEqual(lines(r.stderr).length, 2);
      assert.strictEqual(r.stdout, '');
    }
  });

  it('exits 2 when --catalog names a folder without catalog files', () => {
    const r = check(['--catalog', temp, path.join(FIXTURES, 'clean')]);
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /^zscript-check: catalog: .*cannot be read/);
  });

  it('uses the functions of --catalog DIR', () => {
    const dir = path.join(temp, 'catalog');
    fs.mkdirSync(dir, { recursive: true });
    for (const f of fs.readdirSync(path.join(ROOT, 'catalog'))) {
      if (f.endsWith('.json')) fs.copyFileSync(path.join(ROOT, 'catalog', f), path.join(dir, f));
    }
    const file = path.join(temp, 'custom.zbr');
    fs.writeFileSync(file, '#trigger !custom\nZshout{hi}\n');
    assert.match(check([file]).stdout, /error unknown-function/);
    const functions = JSON.parse(fs.readFileSync(path.join(dir, 'functions.json'), 'utf8'));
    const upper = functions.find((f: { name: string }) => f.name === 'Zupper' || f.name === 'Zuppercase');
    assert.ok(upper, 'the bundled catalog has an upper-casing function to copy');
    functions.push({ ...upper, name: 'Zshout' });
    fs.writeFileSync(path.join(dir, 'functions.json'), JSON.stringify(functions));
    const r = check(['--catalog', dir, file]);
    assert.strictEqual(r.stdout, '', r.stderr);
    assert.strictEqual(r.code, 0);
  });

  it('prints --help and --version on stdout and exits 0', () => {
    const help = check(['--help']);
    assert.strictEqual(help.code, 0);
    assert.match(help.stdout, /^zscript-check .*\n\nUsage: zscript-check \[options\] \[paths\.\.\.\]/);
    for (const flag of ['--catalog', '--format', '--max-warnings', '--quiet']) assert.ok(help.stdout.includes(flag), flag);
    const version = check(['--version']);
    assert.strictEqual(version.code, 0);
    assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
  });
});
