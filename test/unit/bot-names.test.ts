/**
 * BotNames, the library behind saved-variable-misnamed and input-not-in-modal:
 * what each file of a folder writes, kept as counts per folder, and the reads
 * it judges against them. The wiring (whole bot known, LSP and CLI) is tested
 * in check-cli.test.ts and lsp/workspace-diagnostics.test.ts.
 */
import * as assert from 'node:assert';
import { bundledCatalog } from '../../server/src/catalog';
import { BotNames } from '../../server/src/analysis/botNames';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { type FileIndex, WorkspaceIndex } from '../../server/src/analysis/workspaceIndex';

const catalog = bundledCatalog();
const workspace = new WorkspaceIndex(catalog);
const BOT = 'file:///bot/commands';

function indexOf(text: string): FileIndex {
  return workspace.indexTree(parseCommandFile(text, { isBareCallable: (n) => catalog.isBareCallable(n) }));
}

/** A folder of files (name → text); answers the names each misnamed read would be fixed to (undefined: no fix offered). */
function misnamed(files: Record<string, string>, reader: string): (string | undefined)[] {
  const names = new BotNames();
  for (const [name, text] of Object.entries(files)) names.update(`${BOT}/${name}`, indexOf(text));
  return names.misnamedVariables(`${BOT}/${reader}`, indexOf(files[reader]).variables).map((d) => d.fixes?.[0].edits[0].newText);
}

describe('BotNames: saved variables read under a name no command saves', () => {
  const work = '#trigger !work\nZsetUserVar{coins;10}\nZsetServerVar{prefix;?}\n';

  it('finds a name in other capitals, one letter off, or saved in another scope', () => {
    const reader = '#trigger !bal\nZgetUserVar{Coins} ZgetUserVar{coinz} ZgetUserVar{prefix}\n';
    assert.deepStrictEqual(misnamed({ 'work.zbr': work, 'bal.zbr': reader }, 'bal.zbr'), ['coins', 'coins', undefined]);
  });

  it('says nothing of a name saved exactly (in any file, this one included), nor of a name no setter is near', () => {
    const reader = '#trigger !bal\nZsetUserVar{gems;1}\nZgetUserVar{coins} ZgetUserVar{gems} ZgetUserVar{streak} ZgetServerVar{prefix}\n';
    assert.deepStrictEqual(misnamed({ 'work.zbr': work, 'bal.zbr': reader }, 'bal.zbr'), []);
  });

  it('leaves short names alone (xp and xq are different names, not slips)', () => {
    const files = { 'a.zbr': '#trigger !a\nZsetUserVar{xp;1}\n', 'b.zbr': '#trigger !b\nZgetUserVar{xq}\n' };
    assert.deepStrictEqual(misnamed(files, 'b.zbr'), []);
  });

  it('is quiet for a scope in which a setter computes its name, and in a bot that runs Zeval', () => {
    const reader = '#trigger !bal\nZgetUserVar{Coins}\n';
    assert.deepStrictEqual(misnamed({ 'work.zbr': work, 'bal.zbr': reader, 'set.zbr': '#trigger !set\nZsetUserVar{Zmessage{1};1}\n' }, 'bal.zbr'), []);
    // A computed name in another scope changes nothing for this one.
    assert.deepStrictEqual(misnamed({ 'work.zbr': work, 'bal.zbr': reader, 'set.zbr': '#trigger !set\nZsetVar{Zmessage{1};1}\n' }, 'bal.zbr'), ['coins']);
    assert.deepStrictEqual(misnamed({ 'work.zbr': work, 'bal.zbr': reader, 'run.zbr': '#trigger !run\nZeval{Zmessage{1}}\n' }, 'bal.zbr'), []);
  });

  it('follows files as they change and go, and counts the same name saved by two files once each', () => {
    const names = new BotNames();
    const reader = indexOf('#trigger !bal\nZgetUserVar{Coins}\n').variables;
    names.update(`${BOT}/a.zbr`, indexOf('#trigger !a\nZsetUserVar{coins;1}\n'));
    names.update(`${BOT}/b.zbr`, indexOf('#trigger !b\nZsetUserVar{coins;2}\n'));
    assert.match(names.misnamedVariables(`${BOT}/bal.zbr`, reader)[0].message, /ZsetUserVar in a\.zbr and b\.zbr saves "coins"/);
    const before = names.generation;
    // An edit that leaves what the file writes alone changes nothing for the others.
    names.update(`${BOT}/a.zbr`, indexOf('#trigger !a\nZsetUserVar{coins;5}\nDone.\n'));
    assert.strictEqual(names.generation, before);
    names.update(`${BOT}/a.zbr`, undefined);
    names.update(`${BOT}/b.zbr`, indexOf('#trigger !b\nZsetUserVar{Coins;2}\n'));
    assert.notStrictEqual(names.generation, before);
    assert.deepStrictEqual(names.misnamedVariables(`${BOT}/bal.zbr`, reader), []);
    // Another folder is another bot.
    assert.deepStrictEqual(names.misnamedVariables('file:///other/commands/bal.zbr', reader), []);
  });
});

describe('BotNames: modal inputs read under an ID the modal lacks', () => {
  const form = '#trigger onInteraction{open}\n#type interaction\nZnewModal{report;Report}\nZaddTextInput{what;What}\nZaddTextInput{when;When}\n';

  function unknown(files: Record<string, string>, handled: string | undefined, reads: string): string[] {
    const names = new BotNames();
    for (const [name, text] of Object.entries(files)) names.update(`${BOT}/${name}`, indexOf(text));
    return names.unknownInputs(`${BOT}/got.zbr`, handled, indexOf(reads).fieldUses).map((d) => d.message);
  }

  it("reports an ID none of the modal's inputs has, and offers the one in other capitals", () => {
    const found = unknown({ 'form.zbr': form }, 'report', 'ZinputValue{What} ZinputValue{when} ZinputValue{wehn}');
    assert.strictEqual(found.length, 2);
    assert.match(found[0], /has no text input "What" \(its inputs: "what", "when"\).*Is "what" the input meant\?/);
    assert.match(found[1], /"wehn".*Is "when" the input meant\?/);
  });

  it("checks the catch-all handler against every modal's inputs", () => {
    const other = '#trigger onInteraction{x}\n#type interaction\nZnewModal{feedback;Feedback}\nZaddTextInput{text;Text}\n';
    assert.deepStrictEqual(unknown({ 'form.zbr': form, 'other.zbr': other }, undefined, 'ZinputValue{text} ZinputValue{what}'), []);
    assert.strictEqual(unknown({ 'form.zbr': form, 'other.zbr': other }, undefined, 'ZinputValue{age}').length, 1);
  });

  it('is quiet without the modal, with a computed modal or input ID, and in a bot that runs Zeval', () => {
    assert.deepStrictEqual(unknown({ 'form.zbr': form }, 'apply', 'ZinputValue{age}'), []);
    assert.deepStrictEqual(
      unknown({ 'form.zbr': form, 'b.zbr': '#trigger !b\nZnewModal{Zvar{id};T}\nZaddTextInput{age;Age}\n' }, 'report', 'ZinputValue{age}'),
      [],
    );
    assert.deepStrictEqual(unknown({ 'form.zbr': `${form}ZaddTextInput{Zvar{f};More}\n` }, 'report', 'ZinputValue{age}'), []);
    assert.deepStrictEqual(unknown({ 'form.zbr': form, 'e.zbr': '#trigger !e\nZeval{Zmessage{1}}\n' }, 'report', 'ZinputValue{age}'), []);
  });

  it("reports every ZinputValue in a button's or a select menu's command: the engine passes no inputs there", () => {
    const menu = '#trigger !colors\nZnewSelectMenu{color_menu;1;1;Pick}\nZaddSelectMenuOption{Red;red}\n';
    const found = unknown({ 'colors.zbr': menu, 'form.zbr': form }, 'color_menu', 'ZinputValue{color_menu}');
    assert.strictEqual(found.length, 1);
    assert.match(found[0], /answers "color_menu", a button or select menu of this bot, not a modal.*Zmessage\{1\}/);
  });

  it('knows an ID that only a button or menu has: its command answers a click, not a modal', () => {
    const panel = '#trigger !panel\nZaddButton{;approve;Approve}\nPanel\n';
    const names = new BotNames();
    names.update(`${BOT}/panel.zbr`, indexOf(panel));
    names.update(`${BOT}/form.zbr`, indexOf(form));
    assert.strictEqual(names.answersComponentOnly(`${BOT}/got.zbr`, 'approve'), true);
    assert.strictEqual(names.answersComponentOnly(`${BOT}/got.zbr`, 'report'), false, 'a modal');
    assert.strictEqual(names.answersComponentOnly(`${BOT}/got.zbr`, 'nothing'), false, 'no component');
    names.update(`${BOT}/e.zbr`, indexOf('#trigger !e\nZeval{Zmessage{1}}\n'));
    assert.strictEqual(names.answersComponentOnly(`${BOT}/got.zbr`, 'approve'), false, 'Zeval may build a modal of any ID');
  });

  it("gives each modal its own inputs: an input of the next modal in the file is not the first one's", () => {
    const two = `${form}ZnewModal{other;Other}\nZaddTextInput{age;Age}\n`;
    assert.strictEqual(unknown({ 'form.zbr': two }, 'report', 'ZinputValue{age}').length, 1);
    assert.deepStrictEqual(unknown({ 'form.zbr': two }, 'other', 'ZinputValue{age}'), []);
  });
});

describe('BotNames: what the components of a custom ID are made after setting', () => {
  function setBefore(files: Record<string, string>, id: string): string[] | undefined {
    const names = new BotNames();
    for (const [name, text] of Object.entries(files)) names.update(`${BOT}/${name}`, indexOf(text));
    const set = names.setBeforeComponent(`${BOT}/handler.zbr`, id);
    return set && [...set].sort();
  }
  const panel = '#trigger !poll\nZsetServerVar{yes;0}\nZsetVar{total;0}\nZaddButton{;vote-yes;Yes}\nZsetServerVar{late;0}\n';

  it('takes the top-level sets of server and global variables with a written value before the component', () => {
    assert.deepStrictEqual(setBefore({ 'poll.zbr': panel }, 'vote-yes'), ['global total', 'server yes']);
    assert.strictEqual(setBefore({ 'poll.zbr': panel }, 'vote-no'), undefined);
  });

  it('leaves out sets inside a condition, with a computed or empty value, for another server, and per user for a button', () => {
    const shaky =
      '#trigger !poll\nZif{Zmessage{1}==reset;ZsetServerVar{a;0}}\nZsetServerVar{b;Zmessage{1}}\nZsetServerVar{c;}\nZsetServerVar{d;0;123456789012345678}\nZsetUserVar{e;0}\nZaddButton{;vote-yes;Yes}\n';
    assert.deepStrictEqual(setBefore({ 'poll.zbr': shaky }, 'vote-yes'), []);
  });

  it("counts a user's own variable for a modal only: its submitter is the user it was shown to, a button may be clicked by anyone", () => {
    const start =
      '#trigger onInteraction{verify}\n#type interaction\nZsetUserVar{tries;0}\nZsetUserVar{other;0;123456789012345678}\nZnewModal{verify_modal;Captcha}\nZaddTextInput{answer;Answer}\n';
    assert.deepStrictEqual(setBefore({ 'start.zbr': start }, 'verify_modal'), ['user tries']);
    const button = '#trigger !game\nZsetUserVar{tries;0}\nZaddButton{;guess;Guess}\n';
    assert.deepStrictEqual(setBefore({ 'game.zbr': button }, 'guess'), []);
  });

  it("counts a channel's own variable where the maker answers in its channel, and a computed number, which is never empty", () => {
    const round =
      '#trigger !reaction\nZsetChannelVar{start;Zsum{ZgetTimestamp{ms};3000}}\nZsetServerVar{games;Zsum{1;2}}\nZaddButton{false;react_click;Wait...}\n';
    assert.deepStrictEqual(setBefore({ 'reaction.zbr': round }, 'react_click'), ['channel start', 'server games']);
    const elsewhere = `${round}ZuseChannel{123456789012345678}\n`;
    assert.deepStrictEqual(setBefore({ 'reaction.zbr': elsewhere }, 'react_click'), ['server games']);
  });

  it('keeps only what every command making the component sets, and nothing another command may empty', () => {
    const other = '#trigger !poll2\nZsetServerVar{yes;0}\nZaddButton{;vote-yes;Yes}\n';
    assert.deepStrictEqual(setBefore({ 'poll.zbr': panel, 'poll2.zbr': other }, 'vote-yes'), ['server yes']);
    const reset = '#trigger !reset\nZresetServerVar{yes}\n';
    assert.deepStrictEqual(setBefore({ 'poll.zbr': panel, 'reset.zbr': reset }, 'vote-yes'), ['global total']);
  });
});

describe('BotNames: a component edit that takes the message’s other components away', () => {
  const panel = '#trigger !poll\nWhich one?\nZaddButton{;vote_yes;Yes;success}\nZaddButton{;vote_no;No;danger}\n';
  /** The codes and messages of the findings on `handler`'s component edits, as the command answering `id`. */
  function replaced(files: Record<string, string>, handler: string, id: string): string[] {
    const names = new BotNames();
    for (const [name, text] of Object.entries(files)) names.update(`${BOT}/${name}`, indexOf(text));
    return names.replacedComponents(`${BOT}/${handler}`, id, indexOf(files[handler]).componentEdits ?? []).map((d) => `${d.code} ${d.message}`);
  }

  it('names the components made with the one edited or removed (editButton.rs leaves one button, removeComponent.rs none)', () => {
    const edit = '#trigger onInteraction{vote_yes}\n#type interaction\nZeditButton{vote_yes;Yes (1);success}\nZupdate\n';
    const [finding] = replaced({ 'poll.zbr': panel, 'yes.zbr': edit }, 'yes.zbr', 'vote_yes');
    assert.match(finding, /^components-replaced ZeditButton .* also has "vote_no", made with it/);
    const remove = '#trigger onInteraction{vote_yes}\n#type interaction\nZremoveComponent{vote_yes}\nThanks!\n';
    assert.match(
      replaced({ 'poll.zbr': panel, 'yes.zbr': remove }, 'yes.zbr', 'vote_yes')[0],
      /^components-replaced ZremoveComponent removes every component .*"vote_no"/,
    );
  });

  it('is quiet for a component made alone, an edit of another message, a modal, and in a bot that runs Zeval', () => {
    const edit = '#trigger onInteraction{vote_yes}\n#type interaction\nZeditButton{vote_yes;Yes (1);success}\n';
    assert.deepStrictEqual(replaced({ 'poll.zbr': '#trigger !poll\nZaddButton{;vote_yes;Yes}\n', 'yes.zbr': edit }, 'yes.zbr', 'vote_yes'), []);
    const other = '#trigger onInteraction{vote_yes}\n#type interaction\nZeditButton{vote_yes;Yes (1);success;;;123456789012345678}\n';
    assert.deepStrictEqual(replaced({ 'poll.zbr': panel, 'yes.zbr': other }, 'yes.zbr', 'vote_yes'), []);
    assert.deepStrictEqual(replaced({ 'poll.zbr': panel, 'yes.zbr': edit, 'e.zbr': '#trigger !e\nZeval{Zmessage}\n' }, 'yes.zbr', 'vote_yes'), []);
    const modal =
      '#trigger onInteraction{apply}\n#type interaction\nZnewModal{apply;Apply}\nZaddTextInput{age;Age}\nZaddButton{;apply;Apply}\nZaddButton{;other;Other}\n';
    assert.deepStrictEqual(replaced({ 'm.zbr': modal, 'yes.zbr': edit }, 'yes.zbr', 'apply'), []);
  });

  it('pairs only buttons surely on one message: one row, made whatever the conditions, by every file that makes the ID', () => {
    const edit = '#trigger onInteraction{lock}\n#type interaction\nZeditButton{unlock;Unlock;success}\n';
    // A toggle: the panel has one of the two buttons, never both.
    const toggle = '#trigger !panel\nPanel\nZif{ZgetServerVar{locked}==true;ZaddButton{;unlock;Unlock};ZaddButton{;lock;Lock}}\n';
    assert.deepStrictEqual(replaced({ 'panel.zbr': toggle, 'lock.zbr': edit }, 'lock.zbr', 'lock'), []);
    // Another command makes "lock" alone: its message has nothing else to lose.
    const pair = '#trigger !pair\nPanel\nZaddButton{;lock;Lock}\nZaddButton{;unlock;Unlock}\n';
    assert.strictEqual(replaced({ 'pair.zbr': pair, 'lock.zbr': edit }, 'lock.zbr', 'lock').length, 1);
    assert.deepStrictEqual(replaced({ 'pair.zbr': pair, 'alone.zbr': '#trigger !alone\nZaddButton{;lock;Lock}\n', 'lock.zbr': edit }, 'lock.zbr', 'lock'), []);
    // Two rows, or a select menu besides: the engine sends the last row only, so what the message has is not this.
    const rows = '#trigger !rows\nPanel\nZaddButton{;lock;Lock}\nZaddButton{true;unlock;Unlock}\n';
    assert.deepStrictEqual(replaced({ 'rows.zbr': rows, 'lock.zbr': edit }, 'lock.zbr', 'lock'), []);
    const menu = '#trigger !menu\nPanel\nZaddButton{;lock;Lock}\nZnewSelectMenu{colors;1;1;Pick}\nZaddSelectMenuOption{Red;red}\n';
    assert.deepStrictEqual(replaced({ 'menu.zbr': menu, 'lock.zbr': edit }, 'lock.zbr', 'lock'), []);
  });
});

describe('BotNames: reaction events run for the bot’s own reactions', () => {
  const poll = '#trigger !suggest\nSuggestion: Zmessage\nZaddReactions{👍;👎}\n';
  const count = '#trigger onReactionAdd\n#type event\nZsetServerVar{votes;Zsum{Zif{ZgetServerVar{votes}==;0;ZgetServerVar{votes}};1}}\n';
  function warned(files: Record<string, string>, event: string): string[] {
    const names = new BotNames();
    for (const [name, text] of Object.entries(files)) names.update(`${BOT}/${name}`, indexOf(text));
    const trigger = indexOf(files[event]).reactionEventUnguarded;
    return trigger ? names.botReactions(`${BOT}/${event}`, trigger).map((d) => `${d.code} ${d.message}`) : [];
  }

  it('warns on an unguarded reaction event in a bot that adds reactions, naming the file that does', () => {
    const [finding] = warned({ 'suggest.zbr': poll, 'count.zbr': count }, 'count.zbr');
    assert.match(finding, /^reaction-by-bot Discord sends onReactionAdd for the bot's own reactions too.*\(in suggest\.zbr\)/);
  });

  it('is quiet where the event asks whether the user is a bot, and in a bot that adds no reactions', () => {
    const guarded = '#trigger onReactionAdd\n#type event\nZif{ZisBot==true;Zstop}\nZsetServerVar{votes;1}\n';
    assert.deepStrictEqual(warned({ 'suggest.zbr': poll, 'count.zbr': guarded }, 'count.zbr'), []);
    assert.deepStrictEqual(warned({ 'other.zbr': '#trigger !hi\nHi\n', 'count.zbr': count }, 'count.zbr'), []);
  });
});

describe('BotNames: a saved flag compared with True or FALSE', () => {
  /** The comparisons the reader's file gets warnings on (their text and code), with each fix's word. */
  function flagged(files: Record<string, string>, reader: string): string[] {
    const names = new BotNames();
    for (const [name, text] of Object.entries(files)) names.update(`${BOT}/${name}`, indexOf(text));
    const text = files[reader];
    const compares = indexOf(text).flagCompares ?? [];
    return names.flagComparisons(`${BOT}/${reader}`, compares).map((d) => `${text.slice(d.start, d.end)} ${d.code} -> ${d.fixes?.[0].edits[0].newText}`);
  }
  const afk = '#trigger !afk\nZif{ZgetUserVar{afk}==true;ZsetUserVar{afk;false}Back.;ZsetUserVar{afk; true }Away.}\n';

  it('warns where every set of the bot writes true or false: == never holds, != always', () => {
    const reader =
      '#trigger !who\nZif{ZgetUserVar{afk}==True;a;b}\nZonlyIf{ZgetUserVar{afk}!=FALSE && Zmessage!=;x}\nZif{Zmessage==x || ZgetUserVar{afk} == TRUE;a;b}\nZif{True==ZgetUserVar{afk};a;b}\n';
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': reader }, 'who.zbr'), [
      'ZgetUserVar{afk}==True condition-never-true -> true',
      'ZgetUserVar{afk}!=FALSE condition-always-true -> false',
      'ZgetUserVar{afk} == TRUE condition-never-true -> true',
      'True==ZgetUserVar{afk} condition-never-true -> true',
    ]);
  });

  it('is quiet where some set writes anything else, where nothing sets it, and for the words as the engine writes them', () => {
    const reader = '#trigger !who\nZif{ZgetUserVar{afk}==True;a;b}\n';
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': reader, 'set.zbr': '#trigger !set\nZsetUserVar{afk;Zmessage{1}}\n' }, 'who.zbr'), []);
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': reader, 'set.zbr': '#trigger !set\nZsetUserVar{afk;yes}\n' }, 'who.zbr'), []);
    assert.deepStrictEqual(flagged({ 'who.zbr': reader }, 'who.zbr'), []);
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': '#trigger !who\nZif{ZgetUserVar{afk}==true;a;b}\n' }, 'who.zbr'), []);
    // Another scope's variable of that name is another variable; another member's is left alone.
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': '#trigger !who\nZif{ZgetServerVar{afk}==True;a;b}\n' }, 'who.zbr'), []);
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': '#trigger !who\nZif{ZgetUserVar{afk;ZmentionedID}==True;a;b}\n' }, 'who.zbr'), []);
  });

  it('is quiet for a part of a comparison (a word after it, a call around it), a computed name in the scope, and Zeval', () => {
    const reader = '#trigger !who\nZif{ZgetUserVar{afk}==True!;a;b}\nZif{Zlowercase{ZgetUserVar{afk}}==True;a;b}\n';
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': reader }, 'who.zbr'), []);
    const plain = '#trigger !who\nZif{ZgetUserVar{afk}==True;a;b}\n';
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': plain, 'set.zbr': '#trigger !set\nZsetUserVar{Zmessage{1};x}\n' }, 'who.zbr'), []);
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': plain, 'run.zbr': '#trigger !run\nZeval{Zmessage{1}}\n' }, 'who.zbr'), []);
    // An alias of a setter (runtime.rs evaluate_alias) may save anything, True included.
    const alias = '#trigger !brb\nZalias{ZsetUserVar;save}\nZsave{afk;True}\n';
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': plain, 'brb.zbr': alias }, 'who.zbr'), []);
  });

  it('follows a temporary copy of the saved variable, while it holds one', () => {
    const copy = '#trigger !who\nZvar{state;ZgetUserVar{afk}}\nZif{Zvar{state}==True;a;b}\n';
    assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': copy }, 'who.zbr'), ['Zvar{state}==True condition-never-true -> true']);
    // Set again to something else, another member's value, or never a copy: not the saved variable's value.
    const reset = '#trigger !who\nZvar{state;ZgetUserVar{afk}}\nZvar{state;Zmessage{1}}\nZif{Zvar{state}==True;a;b}\n';
    const other = '#trigger !who\nZvar{state;ZgetUserVar{afk;ZmentionedID}}\nZif{Zvar{state}==True;a;b}\n';
    const plain = '#trigger !who\nZvar{state;true}\nZif{Zvar{state}==True;a;b}\n';
    for (const reader of [reset, other, plain]) assert.deepStrictEqual(flagged({ 'afk.zbr': afk, 'who.zbr': reader }, 'who.zbr'), [], reader);
  });

  it('counts a set to empty text (or a reset) as no other spelling: nothing saved cannot equal True either', () => {
    const plain = '#trigger !who\nZif{ZgetUserVar{afk}==True;a;b}\n';
    const back = '#trigger !back\nZsetUserVar{afk;}\nZresetUserVar{afk}\n';
    assert.deepStrictEqual(flagged({ 'afk.zbr': '#trigger !afk\nZsetUserVar{afk;true}\n', 'back.zbr': back, 'who.zbr': plain }, 'who.zbr'), [
      'ZgetUserVar{afk}==True condition-never-true -> true',
    ]);
  });
});
