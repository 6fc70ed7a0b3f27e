/**
 * The quote a reply shows of its original: the author and the first line. Pressing it scrolls to
 * the original; an original this page has not loaded (older than the loaded history, deleted, or
 * of a muted person) is said to be not loaded.
 */
import { useTranslation } from "react-i18next";
import type { Quote } from "./types";

interface Props {
  quote: Quote | null;
  onOpen: (id: string) => void;
}

export function ReplyQuote({ quote, onOpen }: Props) {
  const { t } = useTranslation();
  if (!quote) {
    return <p className="chat-quote chat-quote--missing">{t("chat.originalMissing")}</p>;
  }
  return (
    <button type="button" className="chat-quote" onClick={() => onOpen(quote.id)}>
      <span className="visually-hidden">{t("chat.inReplyTo")}</span> <span className="chat-quote__name">{quote.name}</span> <span className="chat-quote__text">{quote.text}</span>
    </button>
  );
}
