/**
 * Event and attendee pano variables (attendee-app.md §3, §7, §9).
 *
 * - Event variables: PanoEventVars from the public event, replaced by PANO_EVENT_VAR_SYNC
 *   (`{EventID, Vars}`).
 * - Attendee variables: `GET|POST /events/{EventID}/attendees/{PersonID}/pano-variables`; a change
 *   is applied locally at once and the whole map is sent 2000 ms after the last change (debounce).
 *   PANO_ATTENDEE_VAR_SYNC (`{EventID, PersonID, Vars}`) carries another tab's change.
 */
import { create } from "zustand";
import { request } from "@/lib/api-client";
import { realtime } from "@/lib/realtime";
import { toVarMap, type VarMap } from "./rules";

export const VARIABLE_DEBOUNCE_MS = 2000;

const variablesPath = (eventID: string, personID: string) =>
  `/events/${encodeURIComponent(eventID)}/attendees/${encodeURIComponent(personID)}/pano-variables`;

interface VariablesState {
  eventID: string | null;
  personID: string | null;
  eventVars: VarMap;
  attendeeVars: VarMap;
  setEventVars: (vars: VarMap) => void;
  setAttendeeVars: (vars: VarMap) => void;
  /** Sets one attendee variable now and schedules the debounced save. */
  setAttendeeVar: (name: string, value: string) => void;
}

let saveTimer: ReturnType<typeof setTimeout> | null = null;

async function save(eventID: string, personID: string, vars: VarMap): Promise<void> {
  try {
    await request(variablesPath(eventID, personID), { method: "POST", body: vars });
  } catch (error) {
    console.warn("attendee variables not saved", error); // §8: logged only
  }
}

export const useVariables = create<VariablesState>((set, get) => ({
  eventID: null,
  personID: null,
  eventVars: {},
  attendeeVars: {},
  setEventVars: (eventVars) => set({ eventVars }),
  setAttendeeVars: (attendeeVars) => set({ attendeeVars }),
  setAttendeeVar: (name, value) => {
    set((s) => ({ attendeeVars: { ...s.attendeeVars, [name]: value } }));
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      saveTimer = null;
      const { eventID, personID, attendeeVars } = get();
      if (eventID && personID) void save(eventID, personID, attendeeVars);
    }, VARIABLE_DEBOUNCE_MS);
  },
}));

/** Loads the attendee's variables and follows both sync frames; returns the stop function. */
export function startVariables(eventID: string, personID: string, eventVars: unknown): () => void {
  useVariables.setState({ eventID, personID, eventVars: toVarMap(eventVars) });
  let stopped = false;
  request<unknown>(variablesPath(eventID, personID))
    .then((answer) => {
      if (stopped) return;
      const vars = toVarMap(answer);
      // A change made before the answer arrived wins over the loaded value.
      useVariables.setState((s) => ({ attendeeVars: { ...vars, ...s.attendeeVars } }));
    })
    .catch((error: unknown) => console.warn("attendee variables not loaded", error));
  const offEvent = realtime.subscribe("PANO_EVENT_VAR_SYNC", (sync) => {
    if (sync.EventID === eventID) useVariables.getState().setEventVars(sync.Vars);
  });
  const offAttendee = realtime.subscribe("PANO_ATTENDEE_VAR_SYNC", (sync) => {
    // While a local change waits for its save, it wins over another tab's older state.
    if (sync.EventID === eventID && sync.PersonID === personID && !saveTimer) useVariables.getState().setAttendeeVars(sync.Vars);
  });
  return () => {
    stopped = true;
    offEvent();
    offAttendee();
  };
}

/** Test helper: forget pending saves and state. */
export function resetVariables(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  useVariables.setState({ eventID: null, personID: null, eventVars: {}, attendeeVars: {} });
}
