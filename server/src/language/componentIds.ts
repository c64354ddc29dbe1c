/**
 * Which parameter holds a component's custom ID: one table for the two
 * readings of it. The workspace index (and through it navigation and
 * completion) links every literal ID an interaction can name with
 * `#trigger onInteraction{id}`, whichever function writes it (ZaddButton,
 * ZeditButton, ZremoveComponent ...: any catalog function whose parameter has
 * one of these names). The duplicate-custom-id check looks only at the
 * functions that create a component in the command's own reply, each with the
 * position of its ID argument (the check runs without the catalog).
 */

interface ComponentIdParameter {
  /** `onInteraction{id}` can name an ID held by this parameter. */
  readonly interaction: boolean;
  /** Functions creating a component with this ID, and the argument (0-based) that holds it. */
  readonly createdBy: Readonly<Record<string, number>>;
}

const COMPONENT_ID_PARAMETERS: Readonly<Record<string, ComponentIdParameter>> = {
  customID: { interaction: true, createdBy: { ZaddButton: 1 } },
  menuID: { interaction: true, createdBy: { ZnewSelectMenu: 0 } },
  // A modal is shown on its own, not among the reply's components: no duplicate with them.
  modalID: { interaction: true, createdBy: {} },
  // A text input's ID is read back with ZinputValue{fieldID}, not handled by onInteraction{}.
  fieldID: { interaction: false, createdBy: { ZaddTextInput: 0 } },
};

const INTERACTION_ID_PARAMETERS: ReadonlySet<string> = new Set(Object.keys(COMPONENT_ID_PARAMETERS).filter((p) => COMPONENT_ID_PARAMETERS[p].interaction));

const CREATED_ID_ARGUMENT: ReadonlyMap<string, number> = new Map(Object.values(COMPONENT_ID_PARAMETERS).flatMap((p) => Object.entries(p.createdBy)));

/** True when a parameter of this name holds a component's ID (a custom, menu, modal or text-input ID). */
export function isComponentIdParameter(name: string): boolean {
  return Object.hasOwn(COMPONENT_ID_PARAMETERS, name);
}

/** True when a parameter of this name holds an ID that `#trigger onInteraction{id}` can handle. */
export function isInteractionIdParameter(name: string): boolean {
  return INTERACTION_ID_PARAMETERS.has(name);
}

/** The argument (0-based) holding the custom ID of a component the function creates, if it creates one. */
export function createdComponentIdArgument(fn: string): number | undefined {
  return CREATED_ID_ARGUMENT.get(fn);
}

/**
 * Functions whose component sends the engine an interaction with its ID when
 * a user clicks it, chooses in it or submits it (a modal), and the argument
 * (0-based) holding the ID: the engine then runs the command whose trigger is
 * `onInteraction{id}`, else the one whose trigger is `onInteraction`.
 */
const SENDS_INTERACTION: ReadonlyMap<string, number> = new Map([
  ['ZaddButton', 1],
  ['ZnewSelectMenu', 0],
  ['ZaddUserSelect', 0],
  ['ZaddRoleSelect', 0],
  ['ZaddMentionableSelect', 0],
  ['ZnewModal', 0],
]);

/** The argument holding the ID of the interaction the function's component sends (see SENDS_INTERACTION), if it sends one. */
export function interactionIdArgument(fn: string): number | undefined {
  return SENDS_INTERACTION.get(fn);
}
