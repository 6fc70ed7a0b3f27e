/**
 * The /helpdesk page's content (the module page around it carries the h1 and Back): the
 * attendee's questions, and for the event's agents (`GET …/helpdesk/me`) a second tab with the
 * agent desk, the same component the console's Help desk section shows. Everything is kept
 * current by ticket frames on the attendee's socket, and read again when the socket reopens.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useHelpdeskKeys, whoAmI } from "./api";
import { AgentDesk } from "./desk/AgentDesk";
import { useHelpdeskT } from "./i18n";
import { useRereadOnReconnect } from "./live";
import { MyQuestions } from "./MyQuestions";
import { startAnswerNotifier } from "./notify";
import { panelId, tabId, Tabs } from "@/components/Tabs";
import "./helpdesk.css";

const PAGE_TABS = ["mine", "desk"] as const;
type PageTab = (typeof PAGE_TABS)[number];

export function HelpdeskView({ eventID, me }: { eventID: string; me: string }) {
  const { t } = useHelpdeskT();
  const keys = useHelpdeskKeys("attendee", eventID);
  const idBase = useId();
  const [tab, setTab] = useState<PageTab>("mine");
  // Not being an agent is the safe reading of a failed check: the desk's calls would be refused.
  const agent = useQuery({ queryKey: keys.me, queryFn: ({ signal }) => whoAmI(eventID, signal), staleTime: 60_000 }).data?.IsAgent === true;
  useRereadOnReconnect(keys);
  useEffect(() => startAnswerNotifier(me), [me]);

  const shown: PageTab = agent ? tab : "mine";
  return (
    <div className="helpdesk" data-helpdesk>
      <p className="helpdesk-intro">{t("page.intro")}</p>
      {agent ? <Tabs label={t("page.tabs")} tabs={PAGE_TABS} selected={shown} onSelect={setTab} idBase={idBase} className="helpdesk-tabs" render={(name) => t(`page.${name}`)} /> : null}
      <div {...(agent ? { role: "tabpanel", id: panelId(idBase), "aria-labelledby": tabId(idBase, shown) } : {})}>
        {shown === "desk" ? <AgentDesk eventID={eventID} me={me} keys={keys} /> : <MyQuestions eventID={eventID} me={me} keys={keys} />}
      </div>
    </div>
  );
}

export default HelpdeskView;
