/** Theme levels as the server answers them, for the Look screen's tests. */
import type { ThemeLevel } from "./look-api";

export const CUSTOMER = "c".repeat(24);
export const BRAND_ID = "b".repeat(24);
export const hash = (n: number) => n.toString(16).padStart(64, "0");
export const ref = (n: number) => ({ url: `/api/v1/files/${hash(n)}`, hash: hash(n) });

export function level(overrides: Partial<ThemeLevel> = {}): ThemeLevel {
  return {
    ThemeID: "t".repeat(24),
    Level: "event",
    Name: "",
    CustomerID: CUSTOMER,
    EventID: "e1",
    BaseThemeID: null,
    MainTheme: {},
    HeaderTheme: {},
    ChatTheme: {},
    FontAssets: {},
    MediaAssets: {},
    login_box_x_offset: null,
    UpdatedAt: "2031-01-01T00:00:00Z",
    ...overrides,
  };
}

/** The effective default: the server's built-in values. */
export const defaults = level({
  ThemeID: "0".repeat(24),
  Level: "default",
  Name: "Default",
  CustomerID: null,
  EventID: null,
  MainTheme: {
    primary_color: "#2b4c7e",
    primary_text_color: "#ffffff",
    text_color: "#1b2230",
    background_color: "#f4f6fa",
    box_background_color: "#ffffff",
    box_background_alpha: "0.92",
  },
  HeaderTheme: { background_color: "#e7ebf3", background_alpha: "1", text_color: "#1b2230" },
  ChatTheme: { background_color: "#ffffff", text_color: "#1b2230", own_message_background_color: "#e8ebfd", other_message_background_color: "#f1f1f3" },
  login_box_x_offset: "0%",
});

export const brand = level({
  ThemeID: BRAND_ID,
  Level: "global",
  Name: "Brand",
  EventID: null,
  MainTheme: { primary_color: "#aa0000" },
  HeaderTheme: { text_color: "#111111" },
  FontAssets: { bold: [ref(9)] },
  MediaAssets: { favicon: ref(8) },
  login_box_x_offset: "10%",
});

/** `GET /events/themes/json-schemas`: the built-in keys, in the server's order. */
export const schemas = {
  MainTheme: { properties: Object.fromEntries(Object.entries({ ...defaults.MainTheme, login_box_x_offset: "0%" }).map(([k, v]) => [k, { default: v }])) },
  HeaderTheme: { properties: Object.fromEntries(Object.entries(defaults.HeaderTheme).map(([k, v]) => [k, { default: v }])) },
  ChatTheme: { properties: Object.fromEntries(Object.entries(defaults.ChatTheme).map(([k, v]) => [k, { default: v }])) },
  GlobalTheme: {},
  ResolvedTheme: {},
  FontGroups: ["regular", "medium", "bold", "italic", "bold_italic", "light"],
  ThemeComponents: ["MainTheme", "HeaderTheme", "ChatTheme", "FontAssets", "MediaAssets", "All"],
};

// ---------------------------------------------------------------------------------------------
// A fake theme server for the screen's tests: answers like themes/router.py and keeps the
// event's level, so a flow (save, reset, apply, …) reads back what it wrote. Its handler has the
// shape of app/console/test-utils' `fakeServer` handlers.

export const EVENT = { ID: "e1", CustomerID: CUSTOMER, Title: "Demo Days" };

interface Request {
  method: string;
  url: URL;
  body: unknown;
}
type Answer = { status: number; body?: unknown };

export interface ThemeServer {
  level: ThemeLevel | null;
  /** Answers for the next calls to `METHOD /path`, in order, before the normal ones. */
  queue: (call: string, answer: Answer) => void;
  handle: (request: Request) => Answer | undefined;
}

const OFFSET = "login_box_x_offset";
const API = "/api/v1";

export function themeServer(start: ThemeLevel | null = null, globals: ThemeLevel[] = [brand]): ThemeServer {
  const queued = new Map<string, Answer[]>();
  const server: ThemeServer = {
    level: start,
    queue: (call, answer) => queued.set(call, [...(queued.get(call) ?? []), answer]),
    handle: ({ method, url, body }) => {
      const path = url.pathname;
      const waiting = queued.get(`${method} ${path}`)?.shift();
      if (waiting) return waiting;
      const own = () => (server.level ??= level());
      const ok = () => ({ status: 200, body: server.level });
      if (method === "GET" && path === `${API}/events/e1`) return { status: 200, body: EVENT };
      if (method === "GET" && path === `${API}/events/e1/theme`) return { status: 200, body: { Theme: server.level, Resolved: {} } };
      if (method === "GET" && path === `${API}/events/themes/json-schemas`) return { status: 200, body: schemas };
      if (method === "GET" && path === `${API}/events/themes/default`) return { status: 200, body: defaults };
      if (method === "GET" && path === `${API}/events/themes/global/${CUSTOMER}`) return { status: 200, body: globals };
      if (method === "GET" && path === `${API}/events/themes/global`) return { status: 200, body: globals };
      const global = globals.find((g) => path === `${API}/events/themes/${g.ThemeID}`);
      if (method === "GET" && global) return { status: 200, body: global };
      let match = /^\/api\/v1\/events\/e1\/theme\/(MainTheme|HeaderTheme|ChatTheme)$/.exec(path);
      if (method === "PUT" && match?.[1]) {
        const sub = match[1] as "MainTheme" | "HeaderTheme" | "ChatTheme";
        const sent = body as Record<string, string>;
        const theme = own();
        if (sub === "MainTheme") theme.login_box_x_offset = typeof sent[OFFSET] === "string" ? sent[OFFSET] : null;
        theme[sub] = Object.fromEntries(Object.entries(sent).filter(([key]) => sub !== "MainTheme" || key !== OFFSET));
        return ok();
      }
      match = /^\/api\/v1\/events\/e1\/theme\/(\w+)\/reset$/.exec(path);
      if (method === "PUT" && match?.[1]) {
        const component = match[1];
        const theme = own();
        for (const sub of ["MainTheme", "HeaderTheme", "ChatTheme"] as const) if (component === sub || component === "All") theme[sub] = {};
        if (component === "MainTheme" || component === "All") theme.login_box_x_offset = null;
        if (component === "FontAssets" || component === "All") theme.FontAssets = {};
        if (component === "MediaAssets" || component === "All") theme.MediaAssets = {};
        return ok();
      }
      const applied = globals.find((g) => path === `${API}/events/e1/themes/${g.ThemeID}/apply`);
      if (method === "POST" && applied) {
        const { MainTheme, HeaderTheme, ChatTheme, FontAssets, MediaAssets, login_box_x_offset } = applied;
        server.level = { ...own(), MainTheme, HeaderTheme, ChatTheme, FontAssets, MediaAssets, login_box_x_offset, BaseThemeID: applied.ThemeID };
        return ok();
      }
      match = /^\/api\/v1\/events\/e1\/themes\/fonts\/(\w+)\/(re-order|file-hash\/(\w+))$/.exec(path);
      if (match?.[1]) {
        const theme = own();
        const group = match[1];
        const fonts = theme.FontAssets[group] ?? [];
        if (method === "PUT" && match[2] === "re-order") {
          const hashes = body as string[];
          theme.FontAssets = { ...theme.FontAssets, [group]: hashes.map((h) => fonts.find((f) => f.hash === h) ?? { url: "", hash: h }) };
          return ok();
        }
        if (method === "DELETE" && match[3]) {
          theme.FontAssets = { ...theme.FontAssets, [group]: fonts.filter((f) => f.hash !== match?.[3]) };
          return ok();
        }
      }
      if (method === "DELETE" && path === `${API}/events/e1/themes/media-assets/favicon`) {
        const theme = own();
        theme.MediaAssets = Object.fromEntries(Object.entries(theme.MediaAssets).filter(([name]) => name !== "favicon"));
        return ok();
      }
      return undefined;
    },
  };
  return server;
}
