/**
 * The Wall of Fame's calls (the contract shared with the server: docs/subsystems/walloffame.md,
 * routes under `/events/{EventID}/walloffame`). `request` sends the token of the app it runs in,
 * so the same calls serve the attendee's page and the console's section; the server decides what
 * each may see (members: approved projects and their own; admins: every state) and do.
 * Answers are typed, not re-checked: they come from our own server.
 */
import { useMemo } from "react";
import { request, sendForm } from "@/lib/api-client";
import type { WallProjectState } from "@/lib/realtime";

/** `pending` waits for the organizers, `approved` is in the gallery, `rejected` carries a reason. */
export type ProjectState = WallProjectState;
/** The states in the order the console's tabs show them. */
export const PROJECT_STATES = ["pending", "approved", "rejected"] as const satisfies readonly ProjectState[];

export interface Picture {
  VFileID: string;
  URL: string;
  ThumbnailURL: string;
}

export interface Project {
  ID: string;
  EventID: string;
  Title: string;
  Category: string;
  Description: string;
  /** "" when the author gave none (the link is optional, §5 only says it must be valid). */
  Link: string;
  AuthorID: string;
  AuthorName: string;
  AuthorPictureURL: string;
  State: ProjectState;
  /** The organizers' reason; "" unless rejected, and only ever sent to the author and admins. */
  Reason: string;
  Featured: boolean;
  SubmittedAt: string;
  ReviewedAt: string | null;
  Pictures: Picture[];
  CreatedAt: string;
  UpdatedAt: string;
}

export type StateCounts = Record<ProjectState, number>;

export interface ProjectsPage {
  Projects: Project[];
  /** Admins only; null for members. */
  Counts: StateCounts | null;
}

/** The four fields of the §5 form, as sent. */
export interface ProjectFields {
  Title: string;
  Category: string;
  Description: string;
  Link: string;
}

export interface Settings {
  ReviewRequired: boolean;
}

/** The server's limits (vtables/schemas.py `PROJECT_LIMITS`, the Wall of Fame rules). */
export const LIMITS = { Title: 200, Category: 100, Description: 5000, Link: 2000 } as const;
export const MAX_PICTURES = 6;
export const MAX_REASON = 500;
export const MAX_CATEGORIES = 30;

const enc = encodeURIComponent;
const base = (eventID: string) => `/events/${enc(eventID)}/walloffame`;
const projectPath = (eventID: string, projectID: string) => `${base(eventID)}/projects/${enc(projectID)}`;

/**
 * Query keys. `root` is `["walloffame"]` in the attendee app and `["manage", "walloffame"]` in
 * the console, where every key starts with "manage" so that a logout drops them all.
 */
export function wallKeys(root: readonly string[], eventID: string) {
  const all = [...root, eventID] as const;
  return {
    all,
    galleries: [...all, "gallery"] as const,
    gallery: (category: string) => [...all, "gallery", category] as const,
    mine: [...all, "mine"] as const,
    project: (projectID: string) => [...all, "project", projectID] as const,
    queues: [...all, "queue"] as const,
    queue: (state: ProjectState) => [...all, "queue", state] as const,
    categories: [...all, "categories"] as const,
    settings: [...all, "settings"] as const,
  };
}
export type WallKeys = ReturnType<typeof wallKeys>;

/** The keys as one object per event and app, so hooks that depend on them do not re-run. */
export function useWallKeys(app: "attendee" | "console", eventID: string): WallKeys {
  return useMemo(() => wallKeys(app === "console" ? ["manage", "walloffame"] : ["walloffame"], eventID), [app, eventID]);
}

export interface ProjectsQuery {
  Category?: string;
  State?: ProjectState;
  Mine?: boolean;
}

export function listProjects(eventID: string, query: ProjectsQuery, signal?: AbortSignal): Promise<ProjectsPage> {
  // An empty filter is no filter: the server would look for the category "".
  const sent = { Category: query.Category || undefined, State: query.State, Mine: query.Mine ? "true" : undefined };
  return request<ProjectsPage>(`${base(eventID)}/projects`, { query: sent, signal });
}

export function getProject(eventID: string, projectID: string, signal?: AbortSignal): Promise<Project> {
  return request<Project>(projectPath(eventID, projectID), { signal });
}

export function createProject(eventID: string, body: ProjectFields): Promise<Project> {
  return request<Project>(`${base(eventID)}/projects`, { method: "POST", body });
}

export function updateProject(eventID: string, projectID: string, body: ProjectFields): Promise<Project> {
  return request<Project>(projectPath(eventID, projectID), { method: "PUT", body });
}

export function deleteProject(eventID: string, projectID: string): Promise<undefined> {
  return request<undefined>(projectPath(eventID, projectID), { method: "DELETE" });
}

export function uploadPicture(eventID: string, projectID: string, file: File): Promise<Picture> {
  const form = new FormData();
  form.append("file", file, file.name);
  return sendForm<Picture>(`${projectPath(eventID, projectID)}/pictures`, form);
}

export function deletePicture(eventID: string, projectID: string, vfileID: string): Promise<undefined> {
  return request<undefined>(`${projectPath(eventID, projectID)}/pictures/${enc(vfileID)}`, { method: "DELETE" });
}

export function approveProject(eventID: string, projectID: string): Promise<Project> {
  return request<Project>(`${projectPath(eventID, projectID)}/approve`, { method: "POST" });
}

export function rejectProject(eventID: string, projectID: string, reason: string): Promise<Project> {
  return request<Project>(`${projectPath(eventID, projectID)}/reject`, { method: "POST", body: { Reason: reason } });
}

export function setFeatured(eventID: string, projectID: string, featured: boolean): Promise<Project> {
  return request<Project>(`${projectPath(eventID, projectID)}/featured`, { method: "PUT", body: { Featured: featured } });
}

export function getSettings(eventID: string, signal?: AbortSignal): Promise<Settings> {
  return request<Settings>(`${base(eventID)}/settings`, { signal });
}

export function putSettings(eventID: string, body: Settings): Promise<Settings> {
  return request<Settings>(`${base(eventID)}/settings`, { method: "PUT", body });
}

export function getCategories(eventID: string, signal?: AbortSignal): Promise<string[]> {
  return request<string[]>(`${base(eventID)}/categories`, { signal });
}

export function putCategories(eventID: string, names: string[]): Promise<string[]> {
  return request<string[]>(`${base(eventID)}/categories`, { method: "PUT", body: names });
}
