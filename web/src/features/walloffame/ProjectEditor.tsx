/**
 * "Submit a project" and "Edit": the heading (which takes the focus when the view opens), then the
 * form once what it needs is there — the organizer's categories (`GET …/categories`) and, for an
 * edit, the project. Whether the event reviews submissions (`GET …/settings`) only adds a note, so
 * the form does not wait for it.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LoadState } from "@/components/LoadState";
import { getCategories, getProject, getSettings, type Project, type WallKeys } from "./api";
import { knownProject } from "./cache";
import { useWallT } from "./i18n";
import { ProjectForm } from "./ProjectForm";

interface ProjectEditorProps {
  eventID: string;
  me: string;
  keys: WallKeys;
  /** null: a new project. */
  projectID: string | null;
  onCancel: () => void;
  onSaved: (project: Project, said: string) => void;
}

export function ProjectEditor({ eventID, me, keys, projectID, onCancel, onSaved }: ProjectEditorProps) {
  const { t } = useWallT();
  const client = useQueryClient();
  const categories = useQuery({ queryKey: keys.categories, queryFn: ({ signal }) => getCategories(eventID, signal), staleTime: 60_000 });
  const settings = useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => getSettings(eventID, signal), staleTime: 60_000 });
  const project = useQuery({
    queryKey: keys.project(projectID ?? ""),
    queryFn: ({ signal }) => getProject(eventID, projectID ?? "", signal),
    enabled: projectID !== null,
    initialData: () => (projectID ? knownProject(client, keys, projectID) : undefined),
    initialDataUpdatedAt: 0,
  });
  const editing = projectID ? project.data : null;
  const title = projectID ? t("form.editTitle", { title: editing?.Title ?? "" }) : t("form.submitTitle");

  return (
    <section className="wall-editor" aria-labelledby="wall-editor-title">
      <h2 id="wall-editor-title" tabIndex={-1} data-view-heading>
        {title}
      </h2>
      <LoadState query={categories} loadingText={t("form.categoriesLoading")} failedText={t("form.categoriesFailed")} />
      {projectID ? <LoadState query={project} loadingText={t("project.loading")} failedText={t("project.failed")} /> : null}
      {categories.data && (editing || !projectID) ? (
        <ProjectForm
          // A fresh form per project: its defaults and pictures come from that project.
          key={editing?.ID ?? "new"}
          eventID={eventID}
          me={me}
          keys={keys}
          project={editing ?? null}
          categories={categories.data}
          reviewRequired={settings.data?.ReviewRequired ?? null}
          onCancel={onCancel}
          onSaved={onSaved}
        />
      ) : null}
    </section>
  );
}
