/**
 * The /walloffame page's content (the module page around it carries the h1 and Back): two tabs,
 * the gallery and "My projects", and in their place a project, the submit form or the edit form.
 * Where one is opened from is remembered, so Back returns there with the focus on the entry that
 * opened it; an opened view's heading takes the focus. A link may open a project at once
 * (`/walloffame?project=<ID>`, for the engagement island's featured projects).
 *
 * Kept current by frame 45 on the attendee's socket (the author hears about their own projects:
 * "approved", "rejected" are said in a status line), read again when the socket reopens.
 */
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { panelId, tabId, Tabs } from "@/components/Tabs";
import { useWallKeys } from "./api";
import { useFocusAfter } from "./focus";
import { Gallery } from "./Gallery";
import { useWallT } from "./i18n";
import { useProjectNotices, useRereadOnReconnect } from "./live";
import { MyProjects } from "./MyProjects";
import { ProjectEditor } from "./ProjectEditor";
import { ProjectView } from "./ProjectView";
import "./walloffame.css";

const TABS = ["gallery", "mine"] as const;
type Tab = (typeof TABS)[number];

type View = { kind: "list" } | { kind: "project"; id: string } | { kind: "submit" } | { kind: "edit"; id: string };

export function WallOfFameView({ eventID, me }: { eventID: string; me: string }) {
  const { t } = useWallT();
  const keys = useWallKeys("attendee", eventID);
  const idBase = useId();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>("gallery");
  const [view, setView] = useState<View>(() => {
    const linked = params.get("project");
    return linked ? { kind: "project", id: linked } : { kind: "list" };
  });
  const [said, setSaid] = useState({ id: 0, text: "" });
  const { root, request: focusOn } = useFocusAfter();
  const say = (text: string) => setSaid((s) => ({ id: s.id + 1, text }));

  useRereadOnReconnect(keys);
  useProjectNotices(eventID, keys, (notice, before) => {
    if (notice.AuthorID !== me || notice.Deleted || !before || before.State === notice.State) return;
    say(t(`live.${notice.State}`, { title: before.Title }));
  });

  const open = (next: View) => {
    setView(next);
    focusOn("[data-view-heading]");
  };
  /** Back to the tab, the focus on the entry of the project shown (or the tab's heading). */
  const back = (projectID?: string) => {
    setView({ kind: "list" });
    focusOn(projectID ? `[data-open-project="${CSS.escape(projectID)}"]` : "[data-list-heading]", "[data-list-heading]");
  };
  const choose = (next: Tab) => {
    setTab(next);
    setView({ kind: "list" });
  };

  let body;
  if (view.kind === "project") {
    body = <ProjectView eventID={eventID} me={me} keys={keys} projectID={view.id} onBack={() => back(view.id)} onEdit={() => open({ kind: "edit", id: view.id })} onDeleted={(title) => {
          say(t("project.deleted", { title }));
          back();
        }} />;
  } else if (view.kind === "submit" || view.kind === "edit") {
    body = (
      <ProjectEditor
        eventID={eventID}
        me={me}
        keys={keys}
        projectID={view.kind === "edit" ? view.id : null}
        onCancel={() => (view.kind === "edit" ? open({ kind: "project", id: view.id }) : back())}
        onSaved={(project, text) => {
          say(text);
          setTab("mine");
          open({ kind: "project", id: project.ID });
        }}
      />
    );
  } else if (tab === "gallery") {
    body = <Gallery eventID={eventID} keys={keys} onOpen={(id) => open({ kind: "project", id })} />;
  } else {
    body = <MyProjects eventID={eventID} keys={keys} onOpen={(id) => open({ kind: "project", id })} onEdit={(id) => open({ kind: "edit", id })} />;
  }

  return (
    <div className="wall" data-walloffame ref={root}>
      <p className="wall-intro">{t("page.intro")}</p>
      <div className="wall-bar">
        <Tabs label={t("page.views")} tabs={TABS} selected={tab} onSelect={choose} idBase={idBase} className="wall-tabs" render={(name) => t(`page.${name}`)} />
        {view.kind === "submit" ? null : (
          <button type="button" className="button" onClick={() => open({ kind: "submit" })}>
            {t("page.submit")}
          </button>
        )}
      </div>
      <div role="tabpanel" id={panelId(idBase)} aria-labelledby={tabId(idBase, tab)} className="wall-panel">
        {body}
      </div>
      <p className="visually-hidden" role="status">
        <span key={said.id}>{said.text}</span>
      </p>
    </div>
  );
}

export default WallOfFameView;
