/**
 * Discord's length limits on the text of embeds and components, by function
 * and parameter. The engine sends the text as it is, without cutting it, and
 * drops Discord's refusal: past a limit, the reply (or the modal) is never
 * shown. From Discord's documentation of embeds, buttons, select menus,
 * modals and text inputs.
 */
export interface TextLimit {
  readonly max: number;
  /** What the text is ("an embed title"). */
  readonly what: string;
  /** What is lost: the reply, a modal that never opens, or the command (the function halts on Discord's refusal). */
  readonly lost: 'reply' | 'modal' | 'halts';
  /** For a halt: what to do instead (default: a message's, sent in an embed or in parts). */
  readonly advice?: string;
}

const reply = (max: number, what: string): TextLimit => ({ max, what, lost: 'reply' });
const modal = (max: number, what: string): TextLimit => ({ max, what, lost: 'modal' });
const halts = (max: number, what: string): TextLimit => ({ max, what, lost: 'halts' });

export const TEXT_LIMITS: Readonly<Record<string, Readonly<Record<string, TextLimit>>>> = {
  Ztitle: { text: reply(256, 'an embed title') },
  // A message's text: the function gets Discord's refusal as its error (actions/sendMessage.rs, message/dm.rs, message/editMessage.rs).
  ZsendMessage: { content: halts(2000, 'a message') },
  Zdm: { content: halts(2000, 'a message') },
  ZeditMessage: { content: halts(2000, 'a message') },
  // channels/createChannel.rs halts on Discord's refusal ("create channel failed").
  ZcreateChannel: { name: { max: 100, what: 'a channel name', lost: 'halts', advice: 'Shorten the name' } },
  Zdescription: { text: reply(4096, 'an embed description') },
  ZaddField: { name: reply(256, 'a field name'), value: reply(1024, 'a field value') },
  Zfooter: { text: reply(2048, 'an embed footer') },
  Zauthor: { text: reply(256, 'an embed author') },
  // A link button's URL stands where the custom ID does (and may be longer): only the label.
  ZaddButton: { label: reply(80, 'a button label') },
  ZnewSelectMenu: { menuID: reply(100, 'a custom ID'), placeholder: reply(150, 'a select menu placeholder') },
  ZaddUserSelect: { menuID: reply(100, 'a custom ID'), placeholder: reply(150, 'a select menu placeholder') },
  ZaddRoleSelect: { menuID: reply(100, 'a custom ID'), placeholder: reply(150, 'a select menu placeholder') },
  ZaddMentionableSelect: { menuID: reply(100, 'a custom ID'), placeholder: reply(150, 'a select menu placeholder') },
  ZaddSelectMenuOption: { label: reply(100, 'an option label'), value: reply(100, 'an option value'), description: reply(100, 'an option description') },
  ZnewModal: { modalID: modal(100, 'a custom ID'), title: modal(45, 'a modal title') },
  ZaddTextInput: { fieldID: modal(100, 'a custom ID'), label: modal(45, 'a text input label'), placeholder: modal(100, 'a text input placeholder') },
};

/** The limit on a parameter's text, if Discord has one. */
export function textLimit(fn: string, param: string): TextLimit | undefined {
  return Object.hasOwn(TEXT_LIMITS, fn) && Object.hasOwn(TEXT_LIMITS[fn], param) ? TEXT_LIMITS[fn][param] : undefined;
}
