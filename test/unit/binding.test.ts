/** The argument-binding rule (analysis/binding.ts) on the catalog's variadic shapes. */
import * as assert from 'node:assert';
import { bundledCatalog } from '../../server/src/catalog';
import { bindArguments } from '../../server/src/analysis/binding';

const catalog = bundledCatalog();

function bind(name: string, texts: string[]) {
  const fn = catalog.getFunction(name);
  assert.ok(fn, name);
  const b = bindArguments(
    fn,
    texts.map((text) => ({ text, literal: !text.includes('Z') })),
  );
  return { names: b.args.map((a) => (a.param ? a.param.name : '-')), missing: b.missing.map((p) => p.name), surplus: b.surplus };
}

describe('binding', () => {
  it('Zsort: trailing parameters bind from the end', () => {
    const r = bind('Zsort', ['3', '1', '2', 'asc', '2', ',']);
    assert.deepStrictEqual(r.names, ['number', 'number', 'number', 'direction', 'return_amount', 'separator']);
    assert.deepStrictEqual(r.missing, []);
  });
  it('ZforJson: the last argument is the code', () => {
    const r = bind('ZforJson', ['a', 'b', 'ZloopValue']);
    assert.deepStrictEqual(r.names, ['key', 'key', 'code']);
  });
  it('ZjsonSet: the last argument is the value', () => {
    assert.deepStrictEqual(bind('ZjsonSet', ['user', 'name', 'Bob']).names, ['key', 'key', 'value']);
    assert.deepStrictEqual(bind('ZjsonSet', ['name']).missing, ['value']);
  });
  it('ZblackListIDs: the message binds only when it cannot be an ID', () => {
    const fn = catalog.getFunction('ZblackListIDs');
    if (!fn) return;
    const ids = ['123456789012345678', '223456789012345678'];
    assert.deepStrictEqual(bind('ZblackListIDs', ids).names, [fn.arguments[0].name, fn.arguments[0].name]);
    const withMessage = bind('ZblackListIDs', [...ids, 'You are blocked']).names;
    assert.strictEqual(withMessage[2], fn.arguments[fn.arguments.length - 1].name);
  });
  it('ZonlyForRoles and ZonlyForUsers: the last argument is the message when it has a space, "!" or ".", as the engine reads it', () => {
    assert.deepStrictEqual(bind('ZonlyForRoles', ['Admin', 'Head Moderator']).names, ['roleName', 'errorMessage']);
    assert.deepStrictEqual(bind('ZonlyForRoles', ['Admin', 'Staff', 'Denied']).names, ['roleName', 'roleName', 'roleName']);
    assert.deepStrictEqual(bind('ZonlyForRoles', ['Head Moderator']).names, ['roleName']);
    assert.deepStrictEqual(bind('ZonlyForUsers', ['alice', 'john.doe']).names, ['username', 'errorMessage']);
    assert.deepStrictEqual(bind('ZblackListUsers', ['spammer', 'Go away!']).names, ['username', 'errorMessage']);
  });
  it('ZonlyPerms: permission list with and without a message', () => {
    assert.deepStrictEqual(bind('ZonlyPerms', ['banMembers', 'kickMembers']).names, ['permission', 'permission']);
    assert.deepStrictEqual(bind('ZonlyPerms', ['banMembers', 'No permission!']).names, ['permission', 'errorMessage']);
  });
  it('empty arguments keep their position', () => {
    assert.deepStrictEqual(bind('ZaddButton', ['', 'ok', 'OK', '', 'true']).names, ['newRow', 'customID', 'label', 'style', 'disabled']);
  });
  it('Zname{} has no arguments', () => {
    assert.deepStrictEqual(bind('Zban', ['']), { names: [], missing: ['userID'], surplus: [] });
    assert.deepStrictEqual(bind('Zuppercase', ['a', 'b']).surplus, [1]);
  });
});
