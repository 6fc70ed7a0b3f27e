/**
 * Fixtures for the Wall of Fame tests (not shipped: only tests import it): a fake server holding
 * one event's projects, categories and setting, answering api.ts's calls as the contract says
 * (members see approved projects and their own; `Mine=true`; admins any `State` with the counts;
 * the state rules of approve, reject and featured; a 422 naming each bad field), and a fake
 * XMLHttpRequest for the picture uploads, answered by the same server.
 */
import { vi } from "vitest";
import type { Picture, Project, ProjectState } from "./api";

export const EVENT = "6650a1b2c3d4e5f601234567";
export const ME = "6650a1b2c3d4e5f6000000a1";
export const OTHER = "6650a1b2c3d4e5f6000000b2";
export const BASE = `/api/v1/events/${EVENT}/walloffame`;

const names: Record<string, string> = { [ME]: "Ada Lovelace", [OTHER]: "Bob Builder" };

export const picture = (n: number): Picture => ({ VFileID: `6650a1b2c3d4e5f6ffff${String(n).padStart(4, "0")}`, URL: `/files/p${n}.jpg`, ThumbnailURL: `/files/p${n}-thumb.jpg` });

/** Project `id` (a short tag), approved, by Bob, submitted `age` minutes ago. */
export function project(id: string, over: Partial<Project> = {}, age = 10): Project {
  const at = new Date(Date.parse("2026-05-09T12:00:00Z") - age * 60_000).toISOString();
  const author = over.AuthorID ?? OTHER;
  return {
    ID: id,
    EventID: EVENT,
    Title: `Project ${id}`,
    Category: "Innovation",
    Description: `About ${id}`,
    Link: "",
    AuthorID: author,
    AuthorName: names[author] ?? "Someone",
    AuthorPictureURL: "",
    State: "approved",
    Reason: "",
    Featured: false,
    SubmittedAt: at,
    ReviewedAt: null,
    Pictures: [],
    CreatedAt: at,
    UpdatedAt: at,
    ...over,
  };
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Reply = { status: number; body?: unknown };
/** A reply a test queues; `when` ("GET /projects") picks the call it answers, else the next one. */
export type Queued = Reply & { when?: string };

export interface WallServer {
  calls: Call[];
  projects: Project[];
  categories: string[];
  reviewRequired: boolean;
  /** Answers taken, one per call, before the server's own (to make a call fail). */
  answers: Queued[];
  uploads: { projectID: string; file: File }[];
  /** Reads as an admin (every state, counts) rather than as the member `ME`. */
  admin: boolean;
}

export const refusal = (status: number, code: string, data: Record<string, unknown> = {}): Reply => ({ status, body: { Error: { Code: code, Message: code, Data: data } } });

const FIELDS = { Title: "Enter title", Category: "Select category", Description: "Enter description", Link: "Provide a valid link" } as const;

function problems(server: WallServer, body: Record<string, string>): Reply | null {
  const bad = (Object.keys(FIELDS) as (keyof typeof FIELDS)[]).filter((name) => {
    const value = (body[name] ?? "").trim();
    if (name === "Link") return value !== "" && !/^https?:\/\/[^\s/]+/.test(value);
    if (name === "Category" && server.categories.length > 0) return !server.categories.includes(value);
    return value === "";
  });
  return bad.length ? refusal(422, "VALIDATION_ERROR", { Problems: bad.map((Name) => ({ Name, Message: FIELDS[Name] })) }) : null;
}

const visible = (server: WallServer, p: Project) => server.admin || p.State === "approved" || p.AuthorID === ME;
const order = (list: Project[]) => [...list].sort((a, b) => Number(b.Featured) - Number(a.Featured));

function answer(server: WallServer, call: Call): Reply {
  const rest = call.path.slice(BASE.length);
  const index = server.answers.findIndex((a) => !a.when || a.when === `${call.method} ${rest}`);
  const queued = index >= 0 ? server.answers.splice(index, 1)[0] : undefined;
  if (queued) return queued;
  const store = (next: Project): Reply => {
    server.projects = server.projects.map((p) => (p.ID === next.ID ? next : p));
    return { status: 200, body: next };
  };
  if (rest === "/categories") {
    if (call.method === "PUT") server.categories = call.body as string[];
    return { status: 200, body: server.categories };
  }
  if (rest === "/settings") {
    if (call.method === "PUT") server.reviewRequired = (call.body as { ReviewRequired: boolean }).ReviewRequired;
    return { status: 200, body: { ReviewRequired: server.reviewRequired } };
  }
  if (rest === "/projects" && call.method === "GET") {
    const q = call.query;
    let list = server.projects.filter((p) => visible(server, p));
    if (q.get("Mine") === "true") list = list.filter((p) => p.AuthorID === ME);
    else if (server.admin) list = list.filter((p) => !q.get("State") || p.State === q.get("State"));
    else list = list.filter((p) => p.State === "approved");
    if (q.get("Category")) list = list.filter((p) => p.Category === q.get("Category"));
    const count = (s: ProjectState) => server.projects.filter((p) => p.State === s).length;
    return { status: 200, body: { Projects: order(list), Counts: server.admin ? { pending: count("pending"), approved: count("approved"), rejected: count("rejected") } : null } };
  }
  if (rest === "/projects" && call.method === "POST") {
    const body = call.body as Record<string, string>;
    const refused = problems(server, body);
    if (refused) return refused;
    const made = project(`n${server.projects.length + 1}`, { ...body, AuthorID: ME, State: server.reviewRequired ? "pending" : "approved" }, 0);
    server.projects = [...server.projects, made];
    return { status: 201, body: made };
  }
  const m = /^\/projects\/([^/]+)(?:\/(\w+))?(?:\/([^/]+))?$/.exec(rest);
  const found = m ? server.projects.find((p) => p.ID === m[1] && visible(server, p)) : undefined;
  if (!m || !found) return refusal(404, "NOT_FOUND");
  const action = m[2];
  if (!action && call.method === "GET") return { status: 200, body: found };
  if (!action && call.method === "DELETE") {
    server.projects = server.projects.filter((p) => p.ID !== found.ID);
    return { status: 204 };
  }
  if (!action && call.method === "PUT") {
    const body = call.body as Record<string, string>;
    const back = found.State === "rejected" || (found.State === "approved" && server.reviewRequired && !server.admin);
    return problems(server, body) ?? store({ ...found, ...body, ...(back ? { State: "pending", Reason: "", Featured: false } : {}) });
  }
  if (action === "pictures" && call.method === "POST") {
    if (found.Pictures.length >= 6) return refusal(409, "WALLOFFAME_TOO_MANY_PICTURES");
    server.uploads.push({ projectID: found.ID, file: (call.body as { file: File }).file });
    const added = picture(server.uploads.length);
    store({ ...found, Pictures: [...found.Pictures, added] });
    return { status: 201, body: added };
  }
  if (action === "pictures" && call.method === "DELETE") {
    store({ ...found, Pictures: found.Pictures.filter((p) => p.VFileID !== m[3]) });
    return { status: 204 };
  }
  if (action === "approve") return found.State === "approved" ? refusal(409, "WALLOFFAME_INVALID_STATE") : store({ ...found, State: "approved", Reason: "" });
  if (action === "reject") return store({ ...found, State: "rejected", Featured: false, Reason: (call.body as { Reason: string }).Reason });
  if (action === "featured") return found.State !== "approved" ? refusal(409, "WALLOFFAME_INVALID_STATE") : store({ ...found, Featured: (call.body as { Featured: boolean }).Featured });
  return refusal(404, "ROUTE_NOT_FOUND");
}

function record(server: WallServer, method: string, url: URL, body: unknown): Reply {
  const call = { method, path: url.pathname, query: url.searchParams, body };
  server.calls.push(call);
  return answer(server, call);
}

/** The fake server as `fetch` and `XMLHttpRequest` (uploads), for one test. */
export function serveWall(projects: Project[], options: Partial<Omit<WallServer, "calls" | "projects" | "answers" | "uploads">> = {}): WallServer {
  const server: WallServer = { calls: [], projects, categories: ["Best booth", "Innovation"], reviewRequired: true, answers: [], uploads: [], admin: false, ...options };
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      const reply = record(server, init?.method ?? "GET", url, body);
      return Promise.resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }));
    }),
  );
  class FakeXHR {
    status = 0;
    statusText = "";
    responseText = "";
    readonly upload = new EventTarget();
    private readonly events = new EventTarget();
    private url = "";
    open(_method: string, url: string): void {
      this.url = url;
    }
    setRequestHeader(): void {}
    addEventListener(type: string, listener: EventListener): void {
      this.events.addEventListener(type, listener);
    }
    send(form: FormData): void {
      const reply = record(server, "POST", new URL(this.url, "http://localhost"), { file: form.get("file") });
      this.status = reply.status;
      this.responseText = reply.body === undefined ? "" : JSON.stringify(reply.body);
      setTimeout(() => this.events.dispatchEvent(new Event("load")), 0);
    }
    abort(): void {}
  }
  vi.stubGlobal("XMLHttpRequest", FakeXHR);
  return server;
}

export const callsTo = (server: WallServer, method: string, suffix: string) => server.calls.filter((c) => c.method === method && c.path.endsWith(suffix));
