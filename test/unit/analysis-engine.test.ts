/**
 * The engine's reading, simulated (analysis/engine/): where its statement
 * reader crashes, which words it runs, what it skips, how its loader groups
 * lines; and that the quick fixes offered for these traps remove them.
 */
import * as assert from 'node:assert';
import { bundledCatalog } from '../../server/src/catalog';
import { engineFacts } from '../../server/src/catalog/engine';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { Analyzer, type AnalysisDiagnostic } from '../../server/src/analysis';
import { mayReadDifferently, readStatement } from '../../server/src/analysis/engine/statementReader';
import { prng } from './syntax-helpers';

const catalog = bundledCatalog();
const opts = { isBareCallable: (n: string) => catalog.isBareCallable(n) };

function diagnose(text: string): AnalysisDiagnostic[] {
  return new Analyzer(catalog).diagnose(parseCommandFile(text, opts));
}

function read(text: string) {
  return readStatement(text, 0, text.length, engineFacts);
}

/** Applies a diagnostic's first fix. */
function applyFix(text: string, d: AnalysisDiagnostic): string {
  const edits = [...d.fixes![0].edits].sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

describe('engine reading: letters outside ASCII', () => {
  it('crashes at the first letter the reader slices inside', () => {
    assert.deepStrictEqual(read('Ztitle{Résumé}').panic, { offset: 8, length: 1, char: 'é' });
    assert.strictEqual(read('Merci à tous').panic?.char, 'à');
    assert.strictEqual(read('日本語').panic?.char, '日');
    // A digit outside ASCII right after a letter: the word's end lands inside it.
    assert.strictEqual(read('Area 5 m²').panic?.char, '²');
  });

  it('does not crash where the reader never slices a letter', () => {
    for (const safe of ['Price — 5 € • 🎉', '\\Zcafé', 'x²y', 'Hello // café', 'Ztitle{🎉 Giveaway}']) {
      assert.strictEqual(read(safe).panic, undefined, safe);
    }
  });

  it('reports the crash once per statement, with an ASCII spelling as the fix', () => {
    const text = '#trigger !x\n#name Café\n// déjà vu\nZtitle{Résumé}\n';
    const found = diagnose(text);
    assert.deepStrictEqual(
      found.map((d) => d.code),
      ['non-ascii-letter'],
    );
    assert.deepStrictEqual(diagnose(applyFix(text, found[0])), []);
  });
});

describe('engine reading: plain words run as functions', () => {
  it('finds words and word endings that name a function needing no argument', () => {
    const names = (t: string) =>
      read(t)
        .wordCalls.filter((w) => !w.withZ)
        .map((w) => w.name);
    assert.deepStrictEqual(names('Please stop spamming'), ['stop']);
    assert.deepStrictEqual(names('Happy Friday'), ['day']);
    assert.deepStrictEqual(names('Zusername is typing'), ['ping']);
    assert.deepStrictEqual(names('Ztitle{Daily update}'), ['update']);
    // Case-sensitive, whole endings only, not before a brace, not in an escape.
    assert.deepStrictEqual(names('Stop the messages, Today2 \\Zping'), []);
    // The intended style is silent.
    assert.deepStrictEqual(
      read('Hi Zusername').wordCalls.map((w) => [w.name, w.withZ]),
      [['Zusername', true]],
    );
  });

  it('warns, says what the function does, and offers a spelling the engine prints as the word', () => {
    const text = '#trigger !x\nHappy Friday!\n';
    const [d] = diagnose(text);
    assert.strictEqual(d.code, 'word-runs-function');
    assert.strictEqual(d.severity, 'warning');
    assert.match(d.message, /"day" at the end of "Friday" as the function Zday/);
    const fixed = applyFix(text, d);
    assert.strictEqual(fixed, '#trigger !x\nHappy FriZlowercase{DAY}!\n');
    assert.deepStrictEqual(diagnose(fixed), []);
  });

  it('in a variable or option name, says which name is used instead, and the fix keeps the name', () => {
    const text = '#trigger !x\nZgetServerVar{second}\nZsetUserVar{lastday;5}\n';
    const [second, day] = diagnose(text);
    assert.strictEqual(second.code, 'word-runs-function');
    assert.match(second.message, /ZgetServerVar then uses the variable named by that result, not "second"\. Rename the variable/);
    assert.match(day.message, /ZsetUserVar then uses the variable named "last" followed by that result, not "lastday"/);
    assert.strictEqual(applyFix(text, second), '#trigger !x\nZgetServerVar{Zlowercase{SECOND}}\nZsetUserVar{lastday;5}\n');
  });

  it('in a JSON or HTTP key, and in a condition, says what is looked up or compared instead of speaking of printing', () => {
    const text = '#trigger !x\nZhttpGet{https://example.com/api}\nPing: ZhttpResult{message}\nZif{ZcustomID==ping_btn;Pong}\n';
    const [key, condition] = diagnose(text).filter((d) => d.code === 'word-runs-function');
    assert.match(
      key.message,
      /ZhttpResult then looks up the key named by that result, not "message"\. Where Zmessage is empty \(nothing typed after a prefix command's trigger; a slash or an event command\), ZhttpResult gets no key and gives the whole response, the raw JSON\. To use the word itself as the key, write Zlowercase\{MESSAGE\}\.$/,
    );
    // Under another key, an empty result leaves that key: no raw body.
    const deeper = diagnose('#trigger !x\nZhttpGet{https://example.com/api}\nZhttpResult{data;message}\n').find((d) => d.code === 'word-runs-function');
    assert.doesNotMatch(deeper!.message, /without a key/);
    assert.match(
      condition.message,
      /The condition then reads that result where "ping" is written\. To keep the word in the condition, write Zlowercase\{PING\}\.$/,
    );
  });

  it("after another language's sigil ($username) or a small z, says the function was meant and writes its Z", () => {
    const text = '#trigger !x\nHello $username, zusername!\n';
    const [dollar, small] = diagnose(text).filter((d) => d.code === 'word-runs-function');
    assert.match(dollar.message, /"\$" is another bot language's way to call a function/);
    assert.match(small.message, /the small "z" is text/);
    assert.strictEqual(applyFix(applyFix(text, small), dollar), '#trigger !x\nHello Zusername, Zusername!\n');
    // A directive followed by a non-breaking space, as pasted from a web page, is named so.
    const nbsp = diagnose('#trigger\u00a0!x\nHi\n').find((d) => d.code === 'directive-ignored');
    assert.match(nbsp!.message, /not a non-breaking space/);
  });

  it("as a call's whole argument, says what the call gets; Zreply's signal makes the engine skip the call", () => {
    const text = '#trigger !x\nDue ZfromTimestamp{1700000000;date}\nZvar{reply;Hello}\nZdescription{Thanks for your reply}\n';
    const [format, variable, inText] = diagnose(text).filter((d) => d.code === 'word-runs-function');
    assert.match(
      format.message,
      /ZfromTimestamp then gets that result as its format, not the word "date"\. To give ZfromTimestamp the word itself, write Zlowercase\{DATE\}\.$/,
    );
    assert.match(variable.message, /does not run at all .* so Zvar is skipped here \(and in a prefix command the answer becomes a reply\)\./);
    // In text the word is one part of the argument: left out, and the call runs.
    assert.match(inText.message, /The word is left out of the text\./);
  });

  it('in a component ID, says which ID the component gets and which handler then misses it', () => {
    const text = '#trigger !x\nHi\nZaddButton{false;btn_time_left;Time;primary}\nZaddTextInput{stop_reason;Reason}\n';
    const [button, input] = diagnose(text).filter((d) => d.code === 'word-runs-function');
    assert.match(
      button.message,
      /The ID is then "btn_" followed by that result and "_left", not "btn_time_left", so a command triggered by onInteraction\{btn_time_left\} never gets/,
    );
    assert.match(button.message, /Choose an ID without the word, or write Zlowercase\{TIME\} to keep it in the ID\.$/);
    assert.doesNotMatch(button.message, /To print the word/);
    // A halting word says it halts; a text input's ID is read back with ZinputValue, not by a handler.
    assert.strictEqual(input.severity, 'error');
    assert.match(input.message, /halts the command.*Choose an ID without the word/);
    assert.strictEqual(
      applyFix(text, button),
      '#trigger !x\nHi\nZaddButton{false;btn_Zlowercase{TIME}_left;Time;primary}\nZaddTextInput{stop_reason;Reason}\n',
    );
  });

  it('a word ending that runs a function is found as cutting out each ending and looking it up finds it', () => {
    // The definition endingRunsAsWord replaces: every ending that starts with a-z or Z, looked up.
    const byEndings = (word: string) => {
      for (let k = 0; k < word.length; k++) {
        const c = word.charCodeAt(k);
        if (((c >= 97 && c <= 122) || c === 90) && engineFacts.runsAsWord(word.slice(k))) return true;
      }
      return false;
    };
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const pieces = [
      'stop',
      'day',
      'ping',
      'update',
      'Z',
      'Friday',
      'Today',
      'x',
      'A',
      '2',
      'ime',
      'pdate',
      'zz',
      'Zday',
      'ZZ',
      'Hello',
      'qq',
      'B',
      'Zusername',
      'o',
    ];
    let found = 0;
    for (let k = 0; k < 3000; k++) {
      let word = '';
      for (let n = 1 + random(2); n > 0; n--) word += pieces[random(pieces.length)];
      const expected = byEndings(word);
      found += Number(expected);
      assert.strictEqual(engineFacts.endingRunsAsWord(`(${word})`, 1, word.length + 1), expected, word);
    }
    // Both answers occur (the words are not all of one kind).
    assert.ok(found > 300 && found < 2700, String(found));
  });

  it('a halting word says so', () => {
    const [d] = diagnose('#trigger !x\nPlease stop\n');
    assert.match(d.message, /Zstop/);
    assert.match(d.message, /halts/);
  });
});

describe('engine reading: escapes and skipped text', () => {
  it('\\} inside braces closes the call; balanced \\{ \\} pairs come out as meant', () => {
    assert.deepStrictEqual(
      read('Ztitle{a \\} b}').escapesInCalls.map((e) => e.kind),
      ['close'],
    );
    assert.deepStrictEqual(read('ZhttpPost{https://x.io;\\{"a":1\\}}').escapesInCalls, []);
    assert.deepStrictEqual(
      read('Ztitle{Use \\Zusername}').escapesInCalls.map((e) => e.kind),
      ['name'],
    );
    // \Zname that names no function stays text: nothing to report.
    assert.deepStrictEqual(read('Ztitle{Use \\Zfoo}').escapesInCalls, []);
  });

  it("\\; in a call inside another call's argument reaches that call bare: it splits its arguments", () => {
    // Directly in a call's argument, \; is a ";" of the text; one call deeper, the outer call's
    // reading has already removed the backslash.
    assert.deepStrictEqual(read('Ztitle{a\\;b}').escapesInCalls, []);
    const [once] = read('Zif{1==1;Ztitle{a\\;b}}').escapesInCalls;
    assert.deepStrictEqual(
      { kind: once.kind, start: once.start, end: once.end, levels: once.levels, call: once.splits?.name },
      { kind: 'semicolon', start: 17, end: 19, levels: 1, call: 'Ztitle' },
    );
    assert.strictEqual(read('Zif{1==1;Zif{2==2;Ztitle{a\\;b}}}').escapesInCalls[0].levels, 2);
    // In braces that are not a call's, or written with one more escape per enclosing call: nothing splits.
    assert.deepStrictEqual(read('Ztitle{x {a\\;b}}').escapesInCalls, []);
    assert.deepStrictEqual(read('Zif{1==1;Ztitle{a\\\\\\;b}}').escapesInCalls, []);
  });

  it('reports the split as the halt it causes when the call then has too many arguments; the fix escapes it for every enclosing call', () => {
    const warned = '#trigger !x\nZif{1==1;Ztitle{a\\;b}}\n';
    const [w] = diagnose(warned);
    assert.deepStrictEqual([w.code, w.severity, warned.slice(w.start, w.end)], ['escape-in-call', 'warning', '\\;']);
    assert.deepStrictEqual(diagnose(applyFix(warned, w)), []);
    const halting = '#trigger !x\nZif{1==1;Zif{2==2;Zvar{x;a\\;b}}}\n';
    const [h] = diagnose(halting);
    assert.deepStrictEqual([h.code, h.severity], ['too-many-arguments', 'error']);
    assert.match(h.message, /3 arguments, more than the 2/);
    assert.strictEqual(h.fixes![0].edits[0].newText, `${'\\'.repeat(7)};`);
    assert.deepStrictEqual(diagnose(applyFix(halting, h)), []);
  });

  it('skips as many characters after a call as its multi-byte characters have extra bytes', () => {
    const r = read('Ztitle{🎉 Party} time');
    assert.deepStrictEqual(
      r.skipped.map((s) => s.text),
      [' ti'],
    );
    assert.deepStrictEqual(read('Ztitle{🎉 Party}').skipped, []);
  });

  it('advises moving the characters into a variable, which works in a condition too', () => {
    const text = '#trigger !x\nZif{ZuserReacted{ZchannelID;ZmessageID;ZuserID;🎮}==true;yes;no}\n';
    const skipped = diagnose(text).find((d) => d.code === 'text-skipped-after-call')!;
    assert.match(skipped.message, /skips "==t"/);
    assert.match(skipped.message, /Zvar\{icon;🎮\}\) and write Zvar\{icon\} in the call/);
    const fixed = '#trigger !x\nZvar{icon;🎮}\nZif{ZuserReacted{ZchannelID;ZmessageID;ZuserID;Zvar{icon}}==true;yes;no}\n';
    assert.deepStrictEqual(
      diagnose(fixed).map((d) => d.code),
      [],
    );
  });

  it('needs no simulation for plain ASCII statements with nothing to find', () => {
    assert.strictEqual(mayReadDifferently('Ztitle{Hello Zusername}', 0, 23, engineFacts), false);
    assert.strictEqual(mayReadDifferently('Ztitle{Daily update}', 0, 20, engineFacts), true);
    assert.strictEqual(mayReadDifferently('Ztitle{é}', 0, 9, engineFacts), true);
  });

  it('needs no simulation for symbols outside ASCII where they change nothing: outside braces, or with nothing after the braces', () => {
    const may = (s: string) => mayReadDifferently(s, 0, s.length, engineFacts);
    assert.strictEqual(may('🎉 Hello Zusername!'), false);
    assert.strictEqual(may('Ztitle{🎉 Party}'), false);
    assert.strictEqual(may('Zif{Zvar{a}==1;Ztitle{🎉}'), false);
    // Text after a call holding one is what the engine skips: simulated.
    assert.strictEqual(may('Ztitle{🎉 Party} time'), true);
    assert.strictEqual(may('Ztitle{🎉 Party}}'), true);
    assert.strictEqual(may('Zif{Ztitle{🎉} more}'), true);
    // Whether a brace around it makes a call decides what is lost: simulated.
    assert.strictEqual(may('Zif{a;Ztitle{🎉};b}'), true);
    assert.strictEqual(may('{Ztitle{🎉}}'), true);
    // Escapes that mean the same to the engine: a pair of escaped braces, an escaped ";".
    assert.strictEqual(may('ZsendMessage{Not enough \\{xp\\} yet\\; keep going!}'), false);
    assert.strictEqual(may('Path C:\\\\bot'), false);
    // An escaped brace alone moves the call's end; "\\" between braces escapes again in a nested call,
    // and so does the outer call's reading of a "\\;" inside a brace.
    assert.strictEqual(may('Zif{1==1;Ztitle{a\\;b}}'), true);
    assert.strictEqual(may('Ztitle{a \\} b}'), true);
    assert.strictEqual(may('Zif{Zif{\\\\}}'), true);
    // After a //, the brace count is not the engine's (it drops // lines): simulated.
    assert.strictEqual(may('Ztitle{a\n// }\n🎉 b}'), true);
  });

  it('finds nothing in the statements it says need no simulation (random statements)', () => {
    const parts = [
      '\\\\\\;',
      '\\{',
      '\\Z',
      '\\\\',
      'a\\',
      'Zi\\{',
      'x\\}',
      'Ztitle{',
      'Zif{',
      'Zvar{x;',
      'Zmessage{1}',
      '{',
      '}',
      '}',
      ';',
      ' ',
      '\n',
      '\t',
      '\u00a0',
      '🎉',
      '❓',
      '…',
      '✓',
      'é',
      '²',
      'ß',
      'day',
      'Friday',
      'hello',
      'Zusername',
      'ZisAdmin',
      'Z',
      'x',
      '//',
      '\\;',
      '\\}',
      '==',
      '\r\n',
    ];
    const rnd = prng(2026);
    let quiet = 0;
    for (let i = 0; i < 20000; i++) {
      let s = '';
      const n = 1 + Math.floor(rnd() * 12);
      for (let k = 0; k < n; k++) s += parts[Math.floor(rnd() * parts.length)];
      if (mayReadDifferently(s, 0, s.length, engineFacts)) continue;
      quiet++;
      const r = readStatement(s, 0, s.length, engineFacts);
      const found = { panic: r.panic, words: r.wordCalls.filter((w) => !w.withZ).map((w) => w.name), escapes: r.escapesInCalls, skipped: r.skipped };
      assert.deepStrictEqual(found, { panic: undefined, words: [], escapes: [], skipped: [] }, JSON.stringify(s));
    }
    // The check would prove nothing if the generator never produced a statement the precheck lets through.
    assert.ok(quiet > 2000, `${quiet} statements skipped the simulation`);
  });
});

describe('engine loader: header values', () => {
  it("a // after a #trigger value is part of the trigger; the fix moves it to a line of its own, with the file's line break", () => {
    for (const lineBreak of ['\n', '\r\n']) {
      const text = `#trigger !ping // replies with pong${lineBreak}Pong!${lineBreak}`;
      const [d] = diagnose(text);
      assert.deepStrictEqual([d.code, d.severity, text.slice(d.start, d.end)], ['header-comment', 'warning', '// replies with pong']);
      const fixed = applyFix(text, d);
      assert.strictEqual(fixed, `// replies with pong${lineBreak}#trigger !ping${lineBreak}Pong!${lineBreak}`);
      assert.deepStrictEqual(diagnose(fixed), []);
    }
    // A slash command so named is never registered: an error. A URL's // is not a comment.
    assert.strictEqual(diagnose('#trigger /ping // note\n#type slash\nPong!\n')[0].severity, 'error');
    assert.deepStrictEqual(diagnose('#trigger !docs\n#name https://example.com/docs\nSee the docs.\n'), []);
  });
});

describe('slash command names as Discord takes them', () => {
  it('a slash name is one lower-case word; a sub-slash trigger is two words', () => {
    const codes = (trigger: string, type: string) => diagnose(`#trigger ${trigger}\n#type ${type}\nHi\n`).map((d) => `${d.severity} ${d.code}`);
    assert.deepStrictEqual(codes('/server info', 'slash'), ['error trigger-type-mismatch']);
    assert.deepStrictEqual(codes('/Ping', 'slash'), ['error trigger-type-mismatch']);
    assert.deepStrictEqual(codes('/ping', 'slash'), []);
    // Registered, but never looked up under that trigger: the command never runs (a warning).
    assert.deepStrictEqual(codes('/admin ban user', 'sub-slash'), ['warning trigger-type-mismatch']);
    assert.deepStrictEqual(codes('/admin ban', 'sub-slash'), []);
  });
});

describe('engine loader: empty lines inside a call', () => {
  it('notes the lost paragraph break once per statement; the fix removes the blank lines, as the engine does', () => {
    const text = '#trigger !rules\nZtitle{Rules}\nZdescription{**Rules**\n\n   \n1. Be nice.\n\n2. No spam.}\n';
    const found = diagnose(text);
    assert.deepStrictEqual(
      found.map((d) => [d.code, d.severity]),
      [['blank-line-dropped', 'information']],
    );
    const fixed = applyFix(text, found[0]);
    assert.strictEqual(fixed, '#trigger !rules\nZtitle{Rules}\nZdescription{**Rules**\n1. Be nice.\n\n2. No spam.}\n');
    // Empty lines between statements are not inside anything.
    assert.deepStrictEqual(diagnose('#trigger !x\nZtitle{a}\n\nZdescription{b}\n'), []);
  });
});

describe('engine loader: directives and dropped lines', () => {
  it('recognises only the exact word followed by a space', () => {
    for (const line of ['#Trigger !x', '#trigger!x', '#trigger\t!x', '#trigger']) {
      const codes = diagnose(`${line}\nHi\n`)
        .map((d) => d.code)
        .sort();
      assert.deepStrictEqual(codes, ['directive-ignored', 'missing-trigger'], line);
    }
    assert.deepStrictEqual(diagnose('#trigger  !x\nHi\n'), []);
  });

  it('a fixed directive line is recognised', () => {
    const text = '#trigger\t!x\nHi\n';
    const d = diagnose(text).find((x) => x.code === 'directive-ignored')!;
    assert.deepStrictEqual(diagnose(applyFix(text, d)), []);
  });

  it('a // on a continuation line loses the brace after it: everything after is dropped; the fix moves the brace', () => {
    const text = '#trigger !x\nZdescription{Rules:\nhttps://example.com/rules}\nZtitle{Hi}\n';
    const [d] = diagnose(text);
    assert.strictEqual(d.code, 'lines-never-loaded');
    assert.strictEqual(text.slice(d.start, d.end), '//');
    assert.match(d.message, /3 lines to the end of the file/);
    assert.deepStrictEqual(diagnose(applyFix(text, d)), []);
  });

  it('a // line inside a call is skipped, braces and all, by the engine and the language alike', () => {
    assert.deepStrictEqual(diagnose('#trigger !x\nZtitle{a\n// }\n}\nZdescription{b}\n'), []);
    assert.deepStrictEqual(diagnose('#trigger !x\nZdescription{a\n  // TODO {\nb}\nZtitle{c}\n'), []);
    // Its text is not the argument's: the colour below is the only text Zcolor gets.
    assert.deepStrictEqual(diagnose('#trigger !x\nZtitle{t}\nZcolor{\n// red\n#ff0000}\n'), []);
    // An argument's first line starts with the call, so a `//` there is text the engine keeps.
    assert.deepStrictEqual(
      diagnose('#trigger !x\nZhttpGet{//example.com/a\n}\n').map((d) => d.code),
      ['invalid-url'],
    );
  });

  it('a #trigger line inside an open call is argument text, not a header', () => {
    assert.deepStrictEqual(diagnose('#trigger !usage\nZdescription{Usage:\n#trigger is how you begin\n}\n'), []);
  });

  it("a byte-order mark hides the first line's #trigger", () => {
    const text = '\uFEFF#trigger !x\nHi\n';
    const found = diagnose(text);
    assert.deepStrictEqual(
      found.map((d) => d.code),
      ['byte-order-mark'],
    );
    assert.deepStrictEqual(diagnose(applyFix(text, found[0])), []);
  });
});

describe('engine facts: argument counts, bare calls, aliases', () => {
  it('counts arguments as the engine does: Zf{} none, Zf{ } one', () => {
    assert.deepStrictEqual(
      diagnose('#trigger !x\nZtitle{}\n').map((d) => d.code),
      ['missing-argument'],
    );
    assert.deepStrictEqual(diagnose('#trigger !x\nZtitle{ }\n'), []);
  });

  it("uses the engine's minimum where it differs from the catalog", () => {
    assert.deepStrictEqual(
      diagnose('#trigger !x\nZsum{1}\n').map((d) => d.code),
      ['missing-argument'],
    );
    assert.deepStrictEqual(diagnose('#trigger !x\nZsum{1;2}\nZpinMessage{123456789012345678}\nZargsCheck{1;Give one}\n'), []);
  });

  it('a bare name is a call exactly when the engine needs no argument for it', () => {
    assert.strictEqual(catalog.isBareCallable('Zusername'), true);
    assert.strictEqual(catalog.isBareCallable('ZgetCooldown'), false);
    assert.deepStrictEqual(
      diagnose('#trigger !x\nLeft: ZgetCooldown\n').map((d) => d.code),
      ['bare-call-needs-braces'],
    );
  });

  it('engine functions the catalog lacks, and names a Zalias made, are not unknown', () => {
    assert.deepStrictEqual(diagnose('#trigger !x\nZreverseText{abc}\nZalias{Zusername;me}\nZme{}\n'), []);
    assert.deepStrictEqual(
      diagnose('#trigger !x\nZme{}\nZalias{Zusername;me}\n').map((d) => d.code),
      ['unknown-function'],
    );
  });

  it('value lists offer words the engine would run in a spelling that reaches the function', () => {
    assert.strictEqual(engineFacts.textSpelling('username'), 'Zlowercase{USERNAME}');
    assert.strictEqual(engineFacts.textSpelling('content'), 'content');
  });
});

describe('engine reading: messages for what beginners write', () => {
  it('names an emoji the engine reads as a letter as an emoji', () => {
    const [d] = diagnose('#trigger !x\nZtitle{ℹ️ Info}\n');
    assert.strictEqual(d.code, 'non-ascii-letter');
    assert.match(d.message, /at the emoji "ℹ": Unicode counts its character as a letter/);
    assert.match(diagnose('#trigger !x\nCafé\n')[0].message, /at "é": a letter outside ASCII/);
  });

  it('explains a Markdown heading written as a line: a header line to the engine', () => {
    const found = diagnose('#trigger !x\n# Welcome!\n## Rules\nHi\n').filter((d) => d.code === 'unknown-directive');
    assert.strictEqual(found.length, 2);
    for (const d of found) {
      assert.match(d.message, /names no directive, so it is ignored: it is not sent \(as a note that is fine.*A heading to send can go inside a call/);
      // A heading meant to be sent or a note meant to be ignored: which, cannot be told.
      assert.strictEqual(d.severity, 'information');
    }
  });

  it("a cooldown's %time% placeholder: says it never reaches the cooldown, and the fix keeps it", () => {
    const text = '#trigger !x\nZcooldown{24h;Come back in %time%!}\nDone\n';
    const [d] = diagnose(text);
    assert.strictEqual(d.code, 'word-runs-function');
    assert.match(d.message, /placeholder never reaches the cooldown.*Write %Zlowercase\{TIME\}% instead\.$/);
    assert.strictEqual(applyFix(text, d), '#trigger !x\nZcooldown{24h;Come back in %Zlowercase{TIME}%!}\nDone\n');
    // Outside a cooldown, the usual advice.
    assert.match(diagnose('#trigger !x\nIt is %time% now\n')[0].message, /To print the word, write Zlowercase\{TIME\}\.$/);
  });

  it('an empty ZreplaceText sample gives the text back, and says how to replace spaces', () => {
    const d = diagnose('#trigger !x\nZreplaceText{Zmessage; ;+}\n').find((x) => x.code === 'separator-trimmed')!;
    assert.match(d.message, /gives the text back unchanged\. To replace the spaces, write ZregexReplace\{text;\[ \];new\}/);
  });
});

describe('engine reading: a separator trimmed to nothing', () => {
  it('says what each function does with the empty separator, from its source', () => {
    const text = '#trigger !x\nZtextSplit{a b c; }\nZuserRoles{;name; }\nZnumberSeparator{1000000; }\n';
    const messages = diagnose(text)
      .filter((d) => d.code === 'separator-trimmed')
      .map((d) => d.message.split(': ').slice(1).join(': '));
    assert.deepStrictEqual(messages, [
      'it splits the text into single characters.',
      'it uses its default, a line break, instead.',
      'the digits run together with nothing between the groups.',
    ]);
  });
});

describe('engine-only functions read from their source', () => {
  it('Zdice: the formula the engine reads is offered, none for a count or sides of 0', () => {
    const found = diagnose('#trigger !r\nZdice{d20} Zdice{1D6} Zdice{0d6} Zdice{3d8}\n');
    assert.deepStrictEqual(
      found.map((d) => [d.code, d.fixes?.[0]?.edits[0].newText]),
      [
        ['invalid-value', '1d20'],
        ['invalid-value', '1d6'],
        ['invalid-value', undefined],
      ],
    );
  });
});
