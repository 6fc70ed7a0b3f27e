/**
 * One project: title, featured mark, category and author, its pictures, the description and the
 * link (a new tab, without opener or referrer). The author also sees its state — "Waiting for
 * review", or "Rejected" with the organizers' reason — and may edit or delete it. Shown at once
 * from the copy a list holds, then read again (`GET …/projects/{ID}`); a project that is gone, or
 * no longer visible to the reader, says so (the server answers 404 for both).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { deleteProject, getProject, type Project, type WallKeys } from "./api";
import { forgetProject, knownProject } from "./cache";
import { isGone } from "./errors";
import { useRefusalText, useWallT } from "./i18n";
import { isHttpLink } from "./project-schema";
import { FeaturedMark } from "./ProjectCard";
import { StateNote } from "./StateNote";

interface ProjectViewProps {
  eventID: string;
  me: string;
  keys: WallKeys;
  projectID: string;
  onBack: () => void;
  onEdit: () => void;
  onDeleted: (title: string) => void;
}

export function ProjectView({ eventID, me, keys, projectID, onBack, onEdit, onDeleted }: ProjectViewProps) {
  const { t } = useWallT();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.project(projectID),
    queryFn: ({ signal }) => getProject(eventID, projectID, signal),
    initialData: () => knownProject(client, keys, projectID),
    initialDataUpdatedAt: 0,
  });
  const project = query.data;
  const gone = query.isError && isGone(query.error);

  return (
    <section className="wall-project" aria-labelledby="wall-project-title">
      <p>
        <button type="button" className="link-button" onClick={onBack}>
          {t("project.back")}
        </button>
      </p>
      {gone ? (
        <p className="wall-empty" role="status">
          {t("project.gone")}
        </p>
      ) : (
        <LoadState query={query} loadingText={t("project.loading")} failedText={t("project.failed")} />
      )}
      {project && !gone ? <ProjectBody eventID={eventID} mine={project.AuthorID === me} keys={keys} project={project} onEdit={onEdit} onDeleted={onDeleted} /> : null}
    </section>
  );
}

interface BodyProps {
  eventID: string;
  mine: boolean;
  keys: WallKeys;
  project: Project;
  onEdit: () => void;
  onDeleted: (title: string) => void;
}

function ProjectBody({ eventID, mine, keys, project, onEdit, onDeleted }: BodyProps) {
  const { t } = useWallT();
  const refusal = useRefusalText();
  const client = useQueryClient();
  const removal = useSubmitLock();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keepFocus = useRef(false);
  const pictures = project.Pictures;
  const link = project.Link.trim();

  const remove = () =>
    void removal.run(async () => {
      setError(null);
      try {
        await deleteProject(eventID, project.ID);
      } catch (e) {
        if (!isGone(e)) {
          setError(t("project.deleteFailed", { reason: refusal(e) }));
          return;
        }
      }
      keepFocus.current = true;
      forgetProject(client, keys, project.ID);
      onDeleted(project.Title);
    });

  return (
    <>
      <h2 id="wall-project-title" tabIndex={-1} data-view-heading className="wall-project__title">
        {project.Title}
      </h2>
      {project.Featured ? <FeaturedMark /> : null}
      {mine ? <StateNote project={project} /> : null}
      <dl className="wall-facts">
        <dt>{t("project.category")}</dt>
        <dd>{project.Category}</dd>
        <dt>{t("project.author")}</dt>
        <dd className="wall-author">
          {project.AuthorPictureURL ? <img src={project.AuthorPictureURL} alt="" className="wall-author__picture" /> : null}
          {project.AuthorName}
        </dd>
      </dl>
      {pictures.length > 0 ? (
        <ul className="wall-pictures" aria-label={t("project.pictures")}>
          {pictures.map((picture, i) => (
            <li key={picture.VFileID}>
              <img src={picture.URL} alt={t("project.picture", { n: i + 1, count: pictures.length, title: project.Title })} loading="lazy" />
            </li>
          ))}
        </ul>
      ) : null}
      <h3>{t("project.description")}</h3>
      <p className="wall-description">{project.Description}</p>
      {/* Rows stored before the module checked links may hold anything: only http(s) becomes a link. */}
      {link && isHttpLink(link) ? (
        <p>
          <a href={link} target="_blank" rel="noopener noreferrer" className="wall-link">
            {t("project.link")}{" "}
            <span className="visually-hidden">{t("project.newTab")}</span>
          </a>
        </p>
      ) : null}
      {mine ? (
        <p className="wall-actions">
          <button type="button" className="button" onClick={onEdit}>
            {t("project.edit")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => {
              setError(null);
              setConfirming(true);
            }}>
            {t("project.delete")}
          </button>
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t("project.deleteTitle", { title: project.Title })}
          body={t("project.deleteBody")}
          confirmLabel={t("project.deleteConfirm")}
          busyLabel={t("project.deleting")}
          cancelLabel={t("form.cancel")}
          busy={removal.busy}
          error={error}
          keepFocus={keepFocus}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
