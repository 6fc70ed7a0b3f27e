/**
 * The agent's answer. Only the agent holding the ticket may write into its room, so until then the
 * box says to claim it (or to take it over from the colleague holding it) with the button above:
 * claiming and then answering is two clicks, Claim and Send, the box taking the focus in between. An answer goes over REST with a TmpID kept while its text stays the same, so sending
 * again after a lost answer stores it once; the stored message goes into the conversation at once.
 */
import { type RefObject, useRef, useState } from "react";
import { TextareaField } from "@/components/TextareaField";
import type { ChatMessage } from "@/lib/realtime";
import { newTmpID } from "@/lib/realtime";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { sendMessage, type Ticket } from "../api";
import { useHelpdeskT, useRefusalText } from "../i18n";
import { mergeMessages } from "../model";
import { chars, MAX_TEXT } from "../ticket-schema";

interface AnswerBoxProps {
  eventID: string;
  me: string;
  ticket: Ticket;
  merge: (change: (messages: ChatMessage[]) => ChatMessage[]) => void;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}

export function AnswerBox({ eventID, me, ticket, merge, fieldRef }: AnswerBoxProps) {
  const { t } = useHelpdeskT();
  const refusal = useRefusalText();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<{ text: string; tmpID: string } | null>(null);
  const { busy, run } = useSubmitLock();

  if (ticket.State === "closed") return <p className="helpdesk-answer helpdesk-answer--locked">{t("answer.closed")}</p>;
  if (ticket.Assignee?.ID !== me) {
    const holder = ticket.Assignee?.Name;
    return <p className="helpdesk-answer helpdesk-answer--locked">{holder ? t("answer.takeOverFirst", { name: holder }) : t("answer.claimFirst")}</p>;
  }

  const send = () =>
    void run(async () => {
      const answer = text.trim();
      const invalid = answer === "" ? t("answer.empty") : chars(text) > MAX_TEXT ? t("answer.tooLong", { max: MAX_TEXT }) : null;
      setProblem(invalid);
      if (invalid) {
        fieldRef.current?.focus();
        return;
      }
      if (attempt.current?.text !== text) attempt.current = { text, tmpID: newTmpID() };
      try {
        const stored = await sendMessage(eventID, ticket.ChatroomID, { Text: text, TmpID: attempt.current.tmpID });
        attempt.current = null;
        merge((messages) => mergeMessages(messages, [stored]));
        setText("");
      } catch (error) {
        setProblem(t("answer.failed", { reason: refusal(error) }));
      }
      fieldRef.current?.focus();
    });

  return (
    <form
      className="helpdesk-answer"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <TextareaField
        ref={fieldRef}
        label={t("answer.label", { name: ticket.Requester.Name })}
        hint={t("form.counter", { count: chars(text), max: MAX_TEXT })}
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
          {busy ? t("answer.sending") : t("answer.send")}
        </button>
      </p>
    </form>
  );
}
