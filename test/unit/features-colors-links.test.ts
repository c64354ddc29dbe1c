/**
 * Colours and links.
 */
import * as assert from 'node:assert';
import { URI, service } from './features-helpers.test';

describe('features: colours and links', () => {
  it('finds hex colours in colour parameters only', () => {
    const svc = service();
    svc.openDocument(URI, 'Zcolor{#5865F2}\nZcolorRole{123456789012345678;ff0000}\nZtitle{#123456}\n', 1);
    const colors = svc.documentColors(URI);
    assert.strictEqual(colors.length, 2);
    assert.deepStrictEqual(colors[0].range, { start: { line: 0, character: 7 }, end: { line: 0, character: 14 } });
    assert.deepStrictEqual(colors[1].color, { red: 1, green: 0, blue: 0, alpha: 1 });
  });

  it('presents colours keeping the # style and case', () => {
    const svc = service();
    svc.openDocument(URI, 'Zcolor{#5865F2}\nZcolorRole{123456789012345678;ff0000}\n', 1);
    const [hash, bare] = svc.documentColors(URI);
    const green = { red: 0, green: 1, blue: 0, alpha: 1 };
    assert.strictEqual(svc.colorPresentations(URI, green, hash.range)[0].label, '#00FF00');
    assert.strictEqual(svc.colorPresentations(URI, green, bare.range)[0].label, '00ff00');
  });

  it('links url arguments and addresses in text', () => {
    const svc = service();
    svc.openDocument(
      URI,
      '#description see https://docs.example.com/rank\nZimage{https://example.com/a.png}\n// from https://example.org/x.\nZtitle{not a url}\n',
      1,
    );
    const links = svc.documentLinks(URI);
    assert.deepStrictEqual(
      links.map((l) => l.target),
      ['https://docs.example.com/rank', 'https://example.com/a.png', 'https://example.org/x'],
    );
    assert.deepStrictEqual(links[1].range, { start: { line: 1, character: 7 }, end: { line: 1, character: 32 } });
  });

  it('ends an address where a call in it starts', () => {
    const svc = service();
    svc.openDocument(URI, '#trigger !w\nZhttpGet{https://api.example.com/weather?q=Zmessage{1}}\n', 1);
    assert.deepStrictEqual(
      svc.documentLinks(URI).map((l) => l.target),
      ['https://api.example.com/weather?q='],
    );
  });
});
