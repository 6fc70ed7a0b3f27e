/**
 * The console's Help desk section (`/manage/events/:eventId/helpdesk`, under the event's heading,
 * so its own heading is an h2): the agent desk, as the organizer answers from it, and the Agents
 * panel, where attendees of the event are named to answer too. While it is mounted the console's
 * socket is open and bound to the event, so the organizer's socket joins the event's help desk
 * channel (ticket frames) and the rooms of the tickets they claimed (chat frames); each (re)open
 * reads everything again.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { parseToken } from "@/features/accounts";
import { readItem, storageKeys } from "@/lib/storage";
import { useConsoleSocket } from "@/lib/use-console-socket";
import { useHelpdeskKeys } from "../api";
import { AgentDesk } from "../desk/AgentDesk";
import { AgentsPanel } from "./AgentsPanel";
import "../helpdesk.css";

/**
 * The organizer signed in to the console: the person of its token, which the shell keeps under
 * this key (app/console/session.ts); features do not import the shell.
 */
function consolePersonID(): string {
  return parseToken(readItem("local", storageKeys.consoleJwt))?.personId ?? "";
}

export function HelpdeskScreen({ eventId }: { eventId: string }) {
  const { t } = useTranslation("console");
  const client = useQueryClient();
  const keys = useHelpdeskKeys("console", eventId);
  const [me] = useState(consolePersonID);
  useConsoleSocket(eventId, () => void client.invalidateQueries({ queryKey: keys.all }));
  return (
    <div className="helpdesk helpdesk--console">
      <h2>{t("eventNav.helpdesk")}</h2>
      <AgentDesk eventID={eventId} me={me} keys={keys} headingLevel={3} />
      <AgentsPanel eventID={eventId} keys={keys} />
    </div>
  );
}
