/**
 * Header directives and their values (docs/language.md), as completion and
 * hover present them. The accepted words come from language/headerWords.ts.
 */
import { COMMAND_TYPE_WORDS, OPTION_TYPES, SCOPE_WORDS } from '../language/headerWords';

export interface DirectiveInfo {
  readonly name: string;
  readonly summary: string;
  readonly details: string;
}

export const DIRECTIVES: readonly DirectiveInfo[] = [
  {
    name: 'trigger',
    summary: 'What starts the command.',
    details:
      'Required in practice; the form depends on `#type`: a word such as `!rank` (prefix), `/name` (slash), `onInteraction` or `onInteraction{customID}` (interaction), or an event trigger name such as `onMemberJoin` (event).',
  },
  { name: 'name', summary: 'The display name of the command.', details: 'Optional.' },
  {
    name: 'type',
    summary: 'The kind of command: `prefix` (default), `slash`, `sub-slash`, `interaction` or `event`.',
    details: 'Any other word silently becomes `prefix`.',
  },
  { name: 'description', summary: 'The command description.', details: 'Defaults to "No description provided".' },
  {
    name: 'scope',
    summary: 'Where a slash command is registered: `guild` (default), `global` or `both`.',
    details: 'Any other word silently becomes `guild`.',
  },
  {
    name: 'option',
    summary: 'A slash-command option: `name|description|type|required`.',
    details:
      'Exactly four `|`-separated parts, or the engine refuses to load the file. The type is one of `string integer number boolean user channel role mentionable attachment`; the fourth part is `required` or anything else (optional). Read the value in the body with `Zoption{name}`.',
  },
];

const COMMAND_TYPE_DOCS: Readonly<Record<string, string>> = {
  prefix: 'A message command started by a word such as `!rank` (the default).',
  slash: 'A slash command; `#trigger /name`.',
  'sub-slash': 'A sub-command of a slash command.',
  interaction: 'Runs for components: `#trigger onInteraction` (all) or `onInteraction{customID}` (one button, menu or modal).',
  event: 'Runs when a server event fires; `#trigger` names the event (`onMemberJoin`, ...).',
};

const SCOPE_DOCS: Readonly<Record<string, string>> = {
  guild: 'Registered per server (the default).',
  global: 'Registered globally.',
  both: 'Registered per server and globally.',
};

export const COMMAND_TYPES: readonly { name: string; doc: string }[] = COMMAND_TYPE_WORDS.map((name) => ({ name, doc: COMMAND_TYPE_DOCS[name] }));

export const SCOPES: readonly { name: string; doc: string }[] = SCOPE_WORDS.map((name) => ({ name, doc: SCOPE_DOCS[name] }));

export { OPTION_TYPES };

export function directiveInfo(name: string): DirectiveInfo | undefined {
  return DIRECTIVES.find((d) => d.name === name);
}

export function directiveMarkdown(info: DirectiveInfo): string {
  return `**#${info.name}**: ${info.summary}\n\n${info.details}`;
}
