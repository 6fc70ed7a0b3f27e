import { useState } from "react";
import { avatarColor, avatarTextColor, initials } from "./text";

/**
 * The person's picture, or their initials on a colour derived from the name when they have none
 * or it does not load. Decorative: the name is shown next to it.
 */
export function Avatar({ name, pictureURL, deleted = false }: { name: string; pictureURL?: string | null; deleted?: boolean }) {
  // Remembered per URL, so a new picture gets its own chance after an old one failed.
  const [failed, setFailed] = useState<string | null>(null);
  // A deleted user: the same grey circle for all of them, nothing derived from a name.
  if (deleted) return <span className="chat-avatar chat-avatar--deleted" aria-hidden="true" data-deleted="true" />;
  if (pictureURL && failed !== pictureURL) {
    return <img className="chat-avatar chat-avatar--picture" src={pictureURL} alt="" loading="lazy" onError={() => setFailed(pictureURL)} />;
  }
  return (
    <span className="chat-avatar" style={{ backgroundColor: avatarColor(name), color: avatarTextColor(name) }} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
