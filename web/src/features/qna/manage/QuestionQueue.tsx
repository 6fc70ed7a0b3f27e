/**
 * One session's questions in the four tabs, and the moderation actions. An action that takes a
 * question out of the shown tab (approve, hide, mark answered, …) or re-orders it (pin) would
 * drop the focus with the item: it goes to the button in the same slot of the question now in
 * that place (or the same question when it stayed), else to the tab panel, and the live region
 * says where the question went.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { questionsQuery, type QuestionView } from "./api";
import { useQnaT } from "./qna-manage-i18n";
import { countByTab, questionsIn, tabOf, type QnaTab } from "./qna-model";
import type { QnaWrites } from "./qna-writes";
import { panelId, tabId } from "@/components/Tabs";
import { QnaTabs, TABS_ID } from "./QnaTabs";
import { QuestionList, type QuestionAction } from "./QuestionList";

export interface QuestionQueueProps {
  eventId: string;
  sessionId: string;
  qnaEnabled: boolean;
  timeZone: string;
  writes: QnaWrites;
  announce: (text: string) => void;
}

const gone = (error: unknown) => error instanceof ApiError && error.status === 404;

export function QuestionQueue({ eventId, sessionId, qnaEnabled, timeZone, writes, announce }: QuestionQueueProps) {
  const t = useQnaT();
  const { t: tc } = useTranslation();
  const query = useQuery(questionsQuery(eventId, sessionId));
  const [tab, setTab] = useState<QnaTab>("pending");
  const [working, setWorking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<QuestionView | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const actions = useSubmitLock();
  const removal = useSubmitLock();
  const keepFocus = useRef(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /**
   * Where the focus goes once the list shows the result of an action: the cache changes before
   * the write returns, but the list here only with the query's next notification, so the focus
   * waits for a list other than the one the action started from (`before`).
   */
  const refocus = useRef<{ id: string; index: number; slot: string; before: QuestionView[] | undefined } | null>(null);
  const all = query.data;
  const shown = all ? questionsIn(tab, all) : [];

  useEffect(() => {
    const wanted = refocus.current;
    const panel = panelRef.current;
    if (!wanted || !panel || all === wanted.before) return;
    refocus.current = null;
    const items = [...panel.querySelectorAll<HTMLElement>("[data-question]")];
    const item = items.find((i) => i.dataset.question === wanted.id) ?? items[Math.min(wanted.index, items.length - 1)];
    const button = item?.querySelector<HTMLElement>(`[data-action="${wanted.slot}"]`) ?? item?.querySelector<HTMLElement>("button");
    (button ?? panel).focus();
  });

  const said = (error: unknown) => (gone(error) ? t("gone") : tc(errorMessageKey(error)));

  const act = (question: QuestionView, action: QuestionAction) => {
    if (!action.change) {
      keepFocus.current = false;
      setDeleteError(null);
      setDeleting(question);
      return;
    }
    const change = action.change;
    void actions.run(async () => {
      setWorking(question.ID);
      setFailure(null);
      const index = shown.findIndex((q) => q.ID === question.ID);
      const before = all;
      try {
        const saved = await writes.moderate(question.ID, change);
        refocus.current = { id: saved.ID, index, slot: action.slot, before };
        announce(t(`done.${action.name}`, { tab: t(`tabs.${tabOf(saved)}`) }));
      } catch (error) {
        if (gone(error)) writes.forget(question.ID);
        setFailure(t("actionFailed", { reason: said(error) }));
      } finally {
        setWorking(null);
      }
    });
  };

  const confirmDelete = () =>
    void removal.run(async () => {
      if (!deleting) return;
      setDeleteError(null);
      const index = shown.findIndex((q) => q.ID === deleting.ID);
      const before = all;
      try {
        await writes.remove(deleting.ID);
        announce(t("done.delete"));
      } catch (error) {
        if (!gone(error)) {
          setDeleteError(said(error));
          return;
        }
        writes.forget(deleting.ID);
        announce(t("gone"));
      }
      keepFocus.current = true;
      refocus.current = { id: deleting.ID, index, slot: "delete", before };
      setDeleting(null);
    });

  return (
    <section className="qna-queue" aria-labelledby="qna-questions-heading">
      <h3 id="qna-questions-heading" ref={headingRef}>
        {t("questions")}
      </h3>
      {qnaEnabled ? null : <p className="notice small">{t("qnaOff")}</p>}
      <QnaTabs tab={tab} counts={all ? countByTab(all) : null} onChange={setTab} />
      {failure ? (
        <p role="alert" className="qna-failure">
          {failure}
        </p>
      ) : null}
      <div ref={panelRef} id={panelId(TABS_ID)} role="tabpanel" aria-labelledby={tabId(TABS_ID, tab)} tabIndex={0} className="qna-panel">
        <LoadState query={query} loadingText={t("loadingQuestions")} failedText={t("questionsFailed")} focusAfterRetry={headingRef} />
        {all && shown.length === 0 ? <p className="qna-empty">{t(`empty.${tab}`)}</p> : null}
        {shown.length > 0 ? <QuestionList tab={tab} questions={shown} timeZone={timeZone} working={working} onAction={act} /> : null}
      </div>
      {deleting ? (
        <ConfirmDialog
          title={t("delete.title")}
          body={
            <>
              <blockquote className="qna-quote">{deleting.Text}</blockquote>
              <p>{t("delete.body")}</p>
            </>
          }
          confirmLabel={t("delete.confirm")}
          busyLabel={t("delete.busy")}
          cancelLabel={t("cancel")}
          busy={removal.busy}
          error={deleteError}
          keepFocus={keepFocus}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
