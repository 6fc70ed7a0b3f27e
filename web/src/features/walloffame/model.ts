/**
 * The Wall of Fame's pure rules on the client: the gallery's order, a project notice (frame 45,
 * which says only a project's state and featured flag) applied to a cached copy, and a project
 * moved between the console's tabs with their counts. The server stays the truth: these only make
 * a change show at once, before the reread that follows every notice.
 */
import type { WallProjectNotice } from "@/lib/realtime";
import type { Project, ProjectsPage, ProjectState, StateCounts } from "./api";

/**
 * What frame 45 carries (WALLOFFAME_PROJECT_NOTIFY, typed by lib/realtime): enough to move a
 * project or drop it (`Deleted`), not to show it.
 */
export type ProjectNotice = WallProjectNotice;

/** Featured projects first, otherwise in the server's order (newest approved first). */
export function galleryOrder(projects: readonly Project[]): Project[] {
  return [...projects.filter((p) => p.Featured), ...projects.filter((p) => !p.Featured)];
}

/**
 * A cached copy as a notice leaves it. The reason is not in the notice: a copy that was not
 * rejected has none to show, and a rejected one keeps its own until the reread brings the new one.
 */
export function withNotice(project: Project, notice: ProjectNotice): Project {
  if (project.State === notice.State && project.Featured === notice.Featured) return project;
  const reason = notice.State === "rejected" && project.State === "rejected" ? project.Reason : "";
  return { ...project, State: notice.State, Featured: notice.State === "approved" && notice.Featured, Reason: reason };
}

/** A list with one project replaced by its noticed copy (unchanged when it is not in it). */
export function listWithNotice(list: readonly Project[], notice: ProjectNotice): Project[] {
  return list.map((p) => (p.ID === notice.ProjectID ? withNotice(p, notice) : p));
}

/** The gallery after a notice: only approved projects stay, featured ones first. */
export function galleryWithNotice(page: ProjectsPage, notice: ProjectNotice): ProjectsPage {
  const list = listWithNotice(page.Projects, notice).filter((p) => p.State === "approved");
  return { ...page, Projects: galleryOrder(list) };
}

function moved(counts: StateCounts | null, from: ProjectState | null, to: ProjectState | null): StateCounts | null {
  if (!counts || from === to) return counts;
  const next = { ...counts };
  if (from) next[from] = Math.max(0, next[from] - 1);
  if (to) next[to] += 1;
  return next;
}

/**
 * A console tab's page after `project` changed (an action's answer, or a noticed copy): out of
 * the tab when its state is another, in at the top when it came into this tab, the counts moved
 * from `before` (the state it was known in; null when unknown or when it is new). `null` as the
 * project removes it (deleted).
 */
export function queueWith(page: ProjectsPage, tab: ProjectState, id: string, project: Project | null, before: ProjectState | null): ProjectsPage {
  const rest = page.Projects.filter((p) => p.ID !== id);
  const index = page.Projects.findIndex((p) => p.ID === id);
  let list = rest;
  if (project && project.State === tab) {
    list = [...rest];
    list.splice(index >= 0 ? index : 0, 0, project);
  }
  return { Projects: list, Counts: moved(page.Counts, before, project ? project.State : null) };
}

/** A name as the categories editor compares names: trimmed, case folded. */
export const categoryKey = (name: string): string => name.trim().toLocaleLowerCase();
