/**
 * A project's change put into every cached copy: the project itself, the author's "My projects",
 * the gallery (every category filter) and the console's tabs with their counts. Used for the
 * answers to one's own writes (a full project) and for frame 45 (only state and featured), so a
 * change shows at once wherever the project is; the rereads that follow bring the server's order
 * and anything the notice does not carry (a rejection's reason).
 */
import type { QueryClient } from "@tanstack/react-query";
import { PROJECT_STATES, type Project, type ProjectsPage, type ProjectState, type WallKeys } from "./api";
import { galleryOrder, galleryWithNotice, listWithNotice, type ProjectNotice, queueWith, withNotice } from "./model";

/** The newest copy of a project any cache holds, or undefined. */
export function knownProject(client: QueryClient, keys: WallKeys, id: string): Project | undefined {
  const direct = client.getQueryData<Project>(keys.project(id));
  if (direct) return direct;
  const pages = [
    ...client.getQueriesData<ProjectsPage>({ queryKey: keys.queues }),
    ...client.getQueriesData<ProjectsPage>({ queryKey: keys.galleries }),
    [keys.mine, client.getQueryData<ProjectsPage>(keys.mine)] as const,
  ];
  for (const [, page] of pages) {
    const found = page?.Projects.find((p) => p.ID === id);
    if (found) return found;
  }
  return undefined;
}

function eachQueue(client: QueryClient, keys: WallKeys, change: (page: ProjectsPage, tab: ProjectState) => ProjectsPage): void {
  for (const tab of PROJECT_STATES) client.setQueryData<ProjectsPage>(keys.queue(tab), (page) => (page ? change(page, tab) : page));
}

/** A project as the server answered a write: everywhere, moved between tabs and lists. */
export function applyProject(client: QueryClient, keys: WallKeys, project: Project, me: string): void {
  const before = knownProject(client, keys, project.ID)?.State ?? null;
  client.setQueryData<Project>(keys.project(project.ID), project);
  if (project.AuthorID === me) {
    client.setQueryData<ProjectsPage>(keys.mine, (page) =>
      page ? { ...page, Projects: page.Projects.some((p) => p.ID === project.ID) ? page.Projects.map((p) => (p.ID === project.ID ? project : p)) : [project, ...page.Projects] } : page,
    );
  }
  client.setQueriesData<ProjectsPage>({ queryKey: keys.galleries }, (page) => {
    if (!page) return page;
    const list = page.Projects.map((p) => (p.ID === project.ID ? project : p)).filter((p) => p.State === "approved");
    return { ...page, Projects: galleryOrder(list) };
  });
  eachQueue(client, keys, (page, tab) => queueWith(page, tab, project.ID, project, before));
}

/** A project deleted: gone from every list, the tab it was in counted down. */
export function forgetProject(client: QueryClient, keys: WallKeys, id: string): void {
  const before = knownProject(client, keys, id)?.State ?? null;
  client.removeQueries({ queryKey: keys.project(id), exact: true });
  const without = (page: ProjectsPage | undefined) => (page ? { ...page, Projects: page.Projects.filter((p) => p.ID !== id) } : page);
  client.setQueryData<ProjectsPage>(keys.mine, without);
  client.setQueriesData<ProjectsPage>({ queryKey: keys.galleries }, without);
  eachQueue(client, keys, (page, tab) => queueWith(page, tab, id, null, before));
}

/**
 * Frame 45 into the caches: a removed project leaves every list, a changed one moves. Returns the
 * copy known before, so the caller can tell what changed (and, for the author, say it).
 */
export function applyNotice(client: QueryClient, keys: WallKeys, notice: ProjectNotice): Project | undefined {
  const known = knownProject(client, keys, notice.ProjectID);
  if (notice.Deleted) {
    forgetProject(client, keys, notice.ProjectID);
    return known;
  }
  if (!known) return undefined;
  const changed = withNotice(known, notice);
  client.setQueryData<Project>(keys.project(notice.ProjectID), (p) => (p ? withNotice(p, notice) : p));
  client.setQueryData<ProjectsPage>(keys.mine, (page) => (page ? { ...page, Projects: listWithNotice(page.Projects, notice) } : page));
  client.setQueriesData<ProjectsPage>({ queryKey: keys.galleries }, (page) => (page ? galleryWithNotice(page, notice) : page));
  eachQueue(client, keys, (page, tab) => queueWith(page, tab, notice.ProjectID, changed, known.State));
  return known;
}
