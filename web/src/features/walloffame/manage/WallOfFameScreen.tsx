/**
 * The console's Wall of Fame section (`/manage/events/:eventId/walloffame`, under the event's
 * heading, so its own heading is an h2): the review switch, the moderation queue and the
 * categories. While it is mounted the console's socket is open and bound to the event, so the
 * organizer's socket joins the event's staff channel, where frame 45 arrives; each (re)open reads
 * everything again.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConsoleSocket } from "@/lib/use-console-socket";
import { useWallKeys } from "../api";
import { useWallT } from "../i18n";
import { CategoriesEditor } from "./CategoriesEditor";
import { ModerationQueue } from "./ModerationQueue";
import { ReviewSwitch } from "./ReviewSwitch";
import "./manage.css";

export function WallOfFameScreen({ eventId }: { eventId: string }) {
  const { t: tc } = useTranslation("console");
  const { t } = useWallT();
  const client = useQueryClient();
  const keys = useWallKeys("console", eventId);
  const [said, setSaid] = useState({ id: 0, text: "" });
  const announce = useCallback((text: string) => setSaid((s) => ({ id: s.id + 1, text })), []);
  useConsoleSocket(eventId, () => void client.invalidateQueries({ queryKey: keys.all }));
  return (
    <div className="wall-console">
      <h2>{tc("eventNav.walloffame")}</h2>
      <p className="wall-console__intro">{t("manage.intro")}</p>
      <ReviewSwitch eventID={eventId} keys={keys} announce={announce} />
      <ModerationQueue eventID={eventId} keys={keys} announce={announce} />
      <CategoriesEditor eventID={eventId} keys={keys} announce={announce} />
      <p className="visually-hidden" role="status">
        <span key={said.id}>{said.text}</span>
      </p>
    </div>
  );
}

export default WallOfFameScreen;
