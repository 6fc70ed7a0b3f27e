/** The chat sidebar panel (broadcast room, direct and group chats). */
import { useTranslation } from "react-i18next";

export function ChatPanel() {
  const { t } = useTranslation();
  return <section aria-label={t("chat.title")} data-panel="chat" />;
}
