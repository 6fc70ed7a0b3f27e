/**
 * The state of one's own project in words: "Waiting for review" (and that only the author sees
 * it meanwhile), "Approved", or "Rejected" with the organizers' reason and how to submit it again.
 * A badge whose border style repeats the state, so nothing is told by colour alone.
 */
import type { Project, ProjectState } from "./api";
import { useWallT } from "./i18n";

export function StateBadge({ state }: { state: ProjectState }) {
  const { t } = useWallT();
  return <span className={`wall-badge wall-state wall-state--${state}`}>{t(`states.${state}`)}</span>;
}

export function StateNote({ project, compact = false }: { project: Project; compact?: boolean }) {
  const { t } = useWallT();
  return (
    <div className="wall-state-note" data-state={project.State}>
      <StateBadge state={project.State} />
      {project.State === "rejected" && project.Reason ? <p className="wall-reason">{t("states.reason", { reason: project.Reason })}</p> : null}
      {compact ? null : project.State === "pending" ? (
        <p className="small muted">{t("states.pendingNote")}</p>
      ) : project.State === "rejected" ? (
        <p className="small muted">{t("states.rejectedNote")}</p>
      ) : null}
    </div>
  );
}
