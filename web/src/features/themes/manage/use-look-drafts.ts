/**
 * The drafts of the three components, kept by the screen so the preview and the contrast warnings
 * follow every key press. A component's draft starts again from what is stored whenever that
 * changes (a save, a reset, a global theme applied) and is left alone otherwise: saving the header
 * keeps an unsaved chat draft, and a failed save keeps what was typed.
 */
import { useCallback, useState } from "react";
import { SUB_THEMES, type SubTheme, type ThemeLevel } from "./look-api";
import { draftOf, fieldKeys, storedMap, type Draft, type FieldSpec } from "./look-model";

type Specs = Record<SubTheme, readonly FieldSpec[]>;
type State = Record<SubTheme, { basis: string; draft: Draft }>;

const basisOf = (specs: Specs, level: ThemeLevel | null, sub: SubTheme) => JSON.stringify([storedMap(level, sub), fieldKeys(specs[sub])]);

function initial(specs: Specs, level: ThemeLevel | null): State {
  const out = {} as State;
  for (const sub of SUB_THEMES) out[sub] = { basis: basisOf(specs, level, sub), draft: draftOf(specs[sub], storedMap(level, sub)) };
  return out;
}

export function useLookDrafts(specs: Specs, level: ThemeLevel | null) {
  const [state, setState] = useState<State>(() => initial(specs, level));
  // Adjusted while rendering (React's pattern for state derived from props): no effect, no flash
  // of the old values after a save.
  let current = state;
  for (const sub of SUB_THEMES) {
    const basis = basisOf(specs, level, sub);
    if (current[sub].basis !== basis) current = { ...current, [sub]: { basis, draft: draftOf(specs[sub], storedMap(level, sub)) } };
  }
  if (current !== state) setState(current);

  const setDraft = useCallback((sub: SubTheme, change: (draft: Draft) => Draft) => {
    setState((old) => ({ ...old, [sub]: { ...old[sub], draft: change(old[sub].draft) } }));
  }, []);

  const drafts = { MainTheme: current.MainTheme.draft, HeaderTheme: current.HeaderTheme.draft, ChatTheme: current.ChatTheme.draft };
  return { drafts, setDraft };
}
