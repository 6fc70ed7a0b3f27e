/**
 * The moderation queue: the event's projects by state in tabs with their counts (Pending,
 * Approved, Rejected: `GET …/projects?State=`, whose answer counts all three), each tab's
 * projects with the actions their state allows. Reject asks for a reason in a dialog, remove asks
 * to confirm. Live by frame 45 on the console's socket: a notice moves a project at once and the
 * tabs are read again after the burst, for new submissions and the counts (live.ts). An action
 * that takes a project out of the tab moves the focus to the same button of the project now in
 * its place (or the tab panel), and the status line says what happened.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { panelId, tabId, Tabs } from "@/components/Tabs";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { listProjects, PROJECT_STATES, type Project, type ProjectState, type StateCounts, type WallKeys } from "../api";
import { useWallT } from "../i18n";
import { useProjectNotices } from "../live";
import { ModerationItem } from "./ModerationItem";
import { RejectDialog } from "./RejectDialog";
import { type Action, useModeration } from "./use-moderation";

interface ModerationQueueProps {
  eventID: string;
  keys: WallKeys;
  announce: (text: string) => void;
}

type Asking = { kind: "reject" | "remove"; project: Project } | null;

export function ModerationQueue({ eventID, keys, announce }: ModerationQueueProps) {
  const { t } = useWallT();
  const idBase = useId();
  const [tab, setTab] = useState<ProjectState>("pending");
  const [counts, setCounts] = useState<StateCounts | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const keepFocus = useRef(false);
  /** After an action: the project's place in the list and the button that was used. */
  const refocus = useRef<{ id: string; index: number; action: Action; before: Project[] | undefined } | null>(null);
  const query = useQuery({ queryKey: keys.queue(tab), queryFn: ({ signal }) => listProjects(eventID, { State: tab }, signal) });
  const moderate = useModeration(eventID, keys);
  const lock = useSubmitLock();
  useProjectNotices(eventID, keys);

  // The counts of the last read stay on the tabs while another tab is read (state adjusted while
  // rendering, React's pattern for a value derived from the previous one).
  const fresh = query.data?.Counts;
  if (fresh && fresh !== counts) setCounts(fresh);
  const projects = query.data?.Projects;

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || projects === wanted.before || !panel.current) return;
    refocus.current = null;
    const items = [...panel.current.querySelectorAll<HTMLElement>("[data-project]")];
    const item = items.find((i) => i.dataset.project === wanted.id) ?? items[Math.min(wanted.index, items.length - 1)];
    const button = item?.querySelector<HTMLElement>(`[data-action="${wanted.action}"]`) ?? item?.querySelector<HTMLElement>("button");
    (button ?? panel.current).focus();
  });

  const run = (project: Project, action: Action, reason?: string) =>
    void lock.run(async () => {
      setFailure(null);
      setDialogError(null);
      const before = projects;
      const index = before?.findIndex((p) => p.ID === project.ID) ?? 0;
      const outcome = await moderate(project, action, reason);
      // A refusal inside a dialog stays there, so the organizer can try again or cancel.
      if (!outcome.ok && !outcome.gone && asking) {
        setDialogError(outcome.said);
        return;
      }
      if (outcome.ok) announce(outcome.said);
      else setFailure(outcome.said);
      keepFocus.current = true;
      refocus.current = { id: project.ID, index, action, before };
      setAsking(null);
    });

  const onAction = (project: Project, action: Action) => {
    if (action === "reject" || action === "remove") {
      keepFocus.current = false;
      setDialogError(null);
      setAsking({ kind: action, project });
    } else run(project, action);
  };

  return (
    <section className="wall-queue" aria-labelledby="wall-queue-title">
      <h3 id="wall-queue-title" ref={heading} tabIndex={-1}>
        {t("manage.queue.title")}
      </h3>
      <Tabs
        label={t("manage.queue.tabs")}
        tabs={PROJECT_STATES}
        selected={tab}
        onSelect={setTab}
        idBase={idBase}
        className="wall-tabs"
        render={(name) => (
          <>
            {t(`manage.tabs.${name}`)} <span className="wall-count">{counts ? counts[name] : ""}</span>
          </>
        )}
      />
      {failure ? (
        <p role="alert" className="wall-failure">
          {failure}
        </p>
      ) : null}
      <div ref={panel} role="tabpanel" id={panelId(idBase)} aria-labelledby={tabId(idBase, tab)} aria-busy={query.isFetching} tabIndex={0} className="wall-queue__panel">
        <LoadState query={query} loadingText={t("manage.queue.loading")} failedText={t("manage.queue.failed")} focusAfterRetry={heading} />
        {projects && projects.length === 0 ? <p className="wall-empty">{t(`manage.empty.${tab}`)}</p> : null}
        {projects && projects.length > 0 ? (
          <ul className="wall-queue__list">
            {projects.map((project) => (
              <li key={project.ID}>
                <ModerationItem project={project} busy={lock.busy} onAction={onAction} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {asking?.kind === "reject" ? (
        <RejectDialog title={asking.project.Title} busy={lock.busy} error={dialogError} keepFocus={keepFocus} onReject={(reason) => run(asking.project, "reject", reason)} onCancel={() => setAsking(null)} />
      ) : null}
      {asking?.kind === "remove" ? (
        <ConfirmDialog
          title={t("manage.remove.title", { title: asking.project.Title })}
          body={t("manage.remove.body")}
          confirmLabel={t("manage.remove.confirm")}
          busyLabel={t("manage.remove.busy")}
          cancelLabel={t("manage.cancel")}
          busy={lock.busy}
          error={dialogError}
          keepFocus={keepFocus}
          onConfirm={() => run(asking.project, "remove")}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </section>
  );
}
