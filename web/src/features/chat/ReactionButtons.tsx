/**
 * Like and Dislike under a message, with their counts. `aria-pressed` is the person's own
 * reaction; pressing the pressed one takes it back, pressing the other switches (one reaction per
 * person and message, kept by the server). Disabled while the answer is on its way.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { react } from "./reactions";
import type { LocalMessage, Reaction } from "./types";

interface Props {
  message: LocalMessage;
  mine: Reaction | undefined;
}

const LOOK: Record<Reaction, { icon: string; label: "chat.like" | "chat.dislike" }> = {
  Like: { icon: "👍", label: "chat.like" },
  Dislike: { icon: "👎", label: "chat.dislike" },
};

export function ReactionButtons({ message, mine }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const press = async (reaction: Reaction) => {
    setBusy(true);
    try {
      await react(message.ChatroomID, message.ID, reaction);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="chat-reactions">
      {(["Like", "Dislike"] as const).map((reaction) => {
        const count = reaction === "Like" ? message.LikeCount : message.DislikeCount;
        return (
          <button
            key={reaction}
            type="button"
            className="chat-reaction"
            aria-pressed={mine === reaction}
            disabled={busy}
            onClick={() => void press(reaction)}
          >
            <span aria-hidden="true">{LOOK[reaction].icon}</span>
            <span className="visually-hidden">{t(LOOK[reaction].label)}</span> <span className="chat-reaction__count">{count}</span>
          </button>
        );
      })}
    </span>
  );
}
