import { avatarColor, avatarTextColor, initials } from "./text";

/** Initials on a colour derived from the name; decorative, the name is shown next to it. */
export function Avatar({ name }: { name: string }) {
  return (
    <span className="chat-avatar" style={{ backgroundColor: avatarColor(name), color: avatarTextColor(name) }} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
