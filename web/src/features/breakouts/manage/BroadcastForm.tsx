/**
 * A message to every room: posted by the server into the chat of each breakout room of the event,
 * as the organizer. The TmpID is kept while the text stays the same, so sending again after a
 * failure (or a second click) posts nothing twice; a new text gets a new one.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextareaField } from "@/components/TextareaField";
import { errorMessageKey } from "@/lib/errors";
import { newTmpID } from "@/lib/realtime";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { useBreakoutsManageT } from "./breakouts-manage-i18n";
import type { RoomWrites } from "./room-writes";

/** The chat's limit on a message (protocol §8), in code points. */
export const MAX_BROADCAST = 4000;

export function BroadcastForm({ writes }: { writes: RoomWrites }) {
  const t = useBreakoutsManageT();
  const { t: tc } = useTranslation();
  const headingId = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ id: number; text: string }>({ id: 0, text: "" });
  const attempt = useRef<{ text: string; tmpID: string } | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const { busy, run } = useSubmitLock();
  const length = Array.from(text).length;

  const send = () =>
    void run(async () => {
      const trimmed = text.trim();
      const invalid = trimmed === "" ? t("broadcast.empty") : Array.from(trimmed).length > MAX_BROADCAST ? t("broadcast.tooLong", { max: MAX_BROADCAST }) : null;
      setProblem(invalid);
      if (invalid) {
        field.current?.focus();
        return;
      }
      if (attempt.current?.text !== trimmed) attempt.current = { text: trimmed, tmpID: newTmpID() };
      try {
        const answer = await writes.broadcast(trimmed, attempt.current.tmpID);
        attempt.current = null;
        setText("");
        setSent((s) => ({ id: s.id + 1, text: t("broadcast.sent", { count: answer.Messages.length }) }));
      } catch (error) {
        setProblem(t("broadcast.failed", { reason: tc(errorMessageKey(error)) }));
      }
    });

  return (
    <section className="breakouts-broadcast" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("broadcast.title")}</h3>
      <form
        className="console-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <TextareaField
          ref={field}
          label={t("broadcast.label")}
          hint={`${t("broadcast.hint")} ${t("broadcast.counter", { count: length, max: MAX_BROADCAST })}`}
          rows={3}
          value={text}
          error={problem ?? undefined}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
        />
        <p>
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t("broadcast.sending") : t("broadcast.send")}
          </button>
        </p>
      </form>
      <p className="breakouts-sent" role="status">
        <span key={sent.id}>{sent.text}</span>
      </p>
    </section>
  );
}
