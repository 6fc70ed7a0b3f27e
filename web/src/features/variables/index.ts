/** Pano variables: event and attendee variables, Var_EventDay, web element content (§3, §5, §9). */
export { useVariables, startVariables, VARIABLE_DEBOUNCE_MS } from "./store";
export {
  EMPTY_MARKER,
  DEFAULT_MARKER,
  eventDay,
  withEventDay,
  splitMarketplace,
  webElementContent,
  customWebElements,
  safeContentURL,
  toVarMap,
  type VarMap,
  type WebElementContent,
} from "./rules";
