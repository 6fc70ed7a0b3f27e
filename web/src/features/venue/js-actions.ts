/**
 * "JS Call" menu items (attendee-app.md §3: Data.code). The app never evaluates organizer code in
 * its own context — that context holds the attendee's token. Instead `code` is read as a short
 * script of named actions from a fixed set, one call per statement:
 *
 *   openSidebar('chat'); goToRoom('auditorium', 90)
 *
 * Anything else (other names, expressions, unbalanced quotes) makes the whole item inactive; the
 * menu then shows it disabled. The grammar and the set are documented in
 * docs/subsystems/web-venue.md.
 */
import { LEFT_PANELS as LEFT, RIGHT_PANELS as RIGHT, type LeftPanel, type RightPanel } from "./panels";

export type JsStep =
  | { name: "openSidebar"; panel: RightPanel }
  | { name: "openLeftSidebar"; panel: LeftPanel }
  | { name: "closeSidebars" }
  | { name: "goToRoom"; nodeID: string; yaw: number | null }
  | { name: "navigate"; path: string }
  | { name: "openUrl"; url: string }
  | { name: "setVariable"; variable: string; value: string }
  | { name: "toggleFullscreen" };

export type JsAction = JsStep[];

const CALL_RE = /^([A-Za-z]+)\s*\((.*)\)$/s;
const ARG_RE = /^\s*(?:'([^'\\]*)'|"([^"\\]*)"|(-?\d+(?:\.\d+)?))\s*(?:,|$)/;

function splitArgs(raw: string): string[] | null {
  const args: string[] = [];
  let rest = raw.trim();
  while (rest !== "") {
    const match = ARG_RE.exec(rest);
    if (!match) return null;
    args.push(match[1] ?? match[2] ?? match[3] ?? "");
    rest = rest.slice(match[0].length).trim();
  }
  return args;
}

/** Only the attendee's own free variables may be set from a menu (not the game score). */
const SETTABLE_VARIABLE = /^Var_User_(0[1-9]|10)$/;

function step(name: string, args: string[]): JsStep | null {
  const [a, b] = args;
  switch (name) {
    case "openSidebar":
      return args.length === 1 && RIGHT.includes(a as RightPanel) ? { name, panel: a as RightPanel } : null;
    case "openLeftSidebar":
      return args.length === 1 && LEFT.includes(a as LeftPanel) ? { name, panel: a as LeftPanel } : null;
    case "closeSidebars":
    case "toggleFullscreen":
      return args.length === 0 ? { name } : null;
    case "goToRoom": {
      if (!a || !/^[A-Za-z0-9_-]{1,64}$/.test(a) || args.length > 2) return null;
      const yaw = b === undefined ? null : Number(b);
      return yaw === null || Number.isFinite(yaw) ? { name, nodeID: a, yaw } : null;
    }
    case "navigate":
      return args.length === 1 && a && a.startsWith("/") && !a.startsWith("//") ? { name, path: a } : null;
    case "openUrl":
      return args.length === 1 && a && /^https?:\/\/[^\s/?#]+/i.test(a) ? { name, url: a } : null;
    case "setVariable":
      return args.length === 2 && a && SETTABLE_VARIABLE.test(a) ? { name, variable: a, value: b ?? "" } : null;
    default:
      return null;
  }
}

/** The named actions of a JS Call item, or null when any statement is not one of them. */
export function parseJsCall(code: string): JsAction | null {
  const statements = code
    .split(";")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (statements.length === 0 || statements.length > 10) return null;
  const steps: JsStep[] = [];
  for (const statement of statements) {
    const call = CALL_RE.exec(statement);
    if (!call) return null;
    const args = splitArgs(call[2] ?? "");
    const parsed = args ? step(call[1] ?? "", args) : null;
    if (!parsed) return null;
    steps.push(parsed);
  }
  return steps;
}
