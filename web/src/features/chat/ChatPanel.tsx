/**
 * The chat sidebar panel: two views behind accessible tabs, "Chats" (the room list and the
 * selected room, or the new-group form) and "People" (the directory).
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { panelId, tabId, Tabs } from "@/components/Tabs";
import { useChatBootstrap } from "./bootstrap";
import { ChatsView } from "./ChatsView";
import { PeopleView } from "./PeopleView";
import { setView } from "./people-actions";
import { useChat } from "./store";
import "./chat.css";

const TABS = ["chats", "people"] as const;

export function ChatPanel() {
  const { t } = useTranslation();
  useChatBootstrap();
  const idBase = useId();
  const view = useChat((s) => s.view);
  const tab = view === "people" ? "people" : "chats";
  return (
    <section className="chat" aria-label={t("chat.title")} data-panel="chat">
      <Tabs
        label={t("chat.views")}
        tabs={TABS}
        selected={tab}
        onSelect={(next) => setView(next)}
        render={(name) => t(name === "people" ? "chat.people" : "chat.chats")}
        idBase={idBase}
        className="chat-tabs"
      />
      <div className="chat-view" role="tabpanel" id={panelId(idBase)} aria-labelledby={tabId(idBase, tab)}>
        {tab === "people" ? <PeopleView /> : <ChatsView />}
      </div>
    </section>
  );
}
