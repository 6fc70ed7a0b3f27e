/** Above the message box while replying: whom and what is answered, and a way to stop replying. */
import { useTranslation } from "react-i18next";
import type { Quote } from "./types";

export function ReplyStrip({ quote, onCancel }: { quote: Quote; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="chat-reply-strip" data-reply-to={quote.id}>
      <p className="chat-reply-strip__text">
        <span className="chat-reply-strip__who">{t("chat.replyingTo", { name: quote.name })}</span>
        <span className="chat-quote__text">{quote.text}</span>
      </p>
      <button type="button" className="chat-button chat-button--icon" aria-label={t("chat.cancelReply")} onClick={onCancel}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
