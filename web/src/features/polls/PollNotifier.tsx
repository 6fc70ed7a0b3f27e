/**
 * "A poll has opened": a notice with the question and a Vote button that opens the poll panel at
 * that poll, when a poll opens where the attendee is (POLL_NOTIFY with State "open"). Mounted once
 * by the venue frame, which says where the attendee is, whether the panel is already open (then
 * the poll is on screen and no notice is needed) and how to open it.
 *
 * A poll notifies once per opening: edits of an open poll do not notify again; closing it takes
 * its notice away, and opening it again notifies again. Entering a room counts too: an open poll
 * there that the attendee has not voted in is announced once, as if it had just opened, since
 * nothing else would tell them it is there.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { realtime, type PollNotice } from "@/lib/realtime";
import { listPolls, type Where } from "./api";
import { usePollFocus } from "./focus";
import { usePollsT } from "./i18n";
import { pollHere } from "./model";
import "./polls.css";

/** At most this many notices at once (the oldest gives way), as with the app's notifications. */
const MAX_SHOWN = 3;
/** A notice nobody acted on goes by itself after this long. */
export const POLL_NOTICE_MS = 60_000;

interface Props {
  eventID: string;
  where: Where;
  panelOpen: boolean;
  /** Shows the poll panel (never toggles it closed). */
  onOpenPanel: () => void;
}

export function PollNotifier({ eventID, where, panelOpen, onOpenPanel }: Props) {
  const { t } = usePollsT();
  const [shown, setShown] = useState<PollNotice[]>([]);
  const open = useRef(new Set<string>());
  /** Polls a notice was shown for in this opening, so arriving again does not repeat it. */
  const announced = useRef(new Set<string>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const requestFocus = usePollFocus((s) => s.request);

  const dismiss = (pollID: string) => {
    setShown((list) => list.filter((p) => p.ID !== pollID));
    clearTimeout(timers.current.get(pollID));
    timers.current.delete(pollID);
  };

  const show = (notice: PollNotice) => {
    announced.current.add(notice.ID);
    setShown((list) => [...list.filter((p) => p.ID !== notice.ID), notice].slice(-MAX_SHOWN));
    clearTimeout(timers.current.get(notice.ID));
    timers.current.set(
      notice.ID,
      setTimeout(() => dismiss(notice.ID), POLL_NOTICE_MS),
    );
  };

  const onNotice = useEffectEvent((notice: PollNotice) => {
    if (notice.EventID !== eventID) return;
    if (notice.Deleted || notice.State !== "open") {
      open.current.delete(notice.ID);
      announced.current.delete(notice.ID);
      dismiss(notice.ID);
      return;
    }
    if (open.current.has(notice.ID)) {
      // Edited while open: the notice shows the new question.
      setShown((list) => list.map((p) => (p.ID === notice.ID ? notice : p)));
      return;
    }
    open.current.add(notice.ID);
    if (panelOpen || !pollHere(notice, where)) return;
    show(notice);
  });

  const onArrival = useEffectEvent((polls: PollNotice[]) => {
    if (panelOpen) return;
    for (const poll of polls) if (!announced.current.has(poll.ID)) show(poll);
  });

  useEffect(() => realtime.subscribe("POLL_NOTIFY", (notice) => onNotice(notice)), []);

  // Entering a room: the open polls there the attendee has not voted in yet.
  const place = `${where.nodeID ?? ""}|${where.sessionIDs.join(",")}`;
  useEffect(() => {
    if (!where.nodeID) return undefined;
    const controller = new AbortController();
    listPolls(eventID, where, controller.signal)
      .then((polls) => {
        const waiting = polls.filter((p) => p.State === "open" && !p.MyBallot && pollHere(p, where));
        for (const poll of waiting) open.current.add(poll.ID);
        onArrival(waiting.map((p) => ({ ...p, Deleted: false })));
      })
      .catch(() => undefined); // a notice is a courtesy: the panel shows the polls either way
    return () => controller.abort();
    // `place` stands for `where`, whose object identity changes more often than the place does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventID, place]);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  // The panel opened (by the menu, or a Vote): the polls are on screen, the notices have done their job.
  const [panelWasOpen, setPanelWasOpen] = useState(panelOpen);
  if (panelOpen !== panelWasOpen) {
    setPanelWasOpen(panelOpen);
    if (panelOpen) setShown([]);
  }

  return (
    <div className="poll-notices" role="status" aria-label={t("notice.region")}>
      {shown.map((poll) => (
        <div key={poll.ID} className="poll-notice" data-poll-notice={poll.ID}>
          <div className="poll-notice__body">
            <strong>{t("notice.title")}</strong>
            <span>{poll.Question}</span>
            <button
              type="button"
              className="button"
              onClick={() => {
                requestFocus(poll.ID);
                dismiss(poll.ID);
                onOpenPanel();
              }}
            >
              {t("notice.vote")}
            </button>
          </div>
          <button type="button" className="poll-notice__close" aria-label={t("notice.dismiss")} onClick={() => dismiss(poll.ID)}>
            {"×"}
          </button>
        </div>
      ))}
    </div>
  );
}

export default PollNotifier;
