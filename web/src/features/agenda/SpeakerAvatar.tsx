/**
 * A speaker's picture, or their initials when they have none. Decorative: the name is always
 * written next to it, so screen readers skip it (`alt=""`, `aria-hidden`).
 */
import { isHttpURL, type Speaker } from "./api";

/** An http(s) address or a path on this site (uploaded files); nothing else becomes an <img>. */
const isPictureURL = (url: string): boolean => isHttpURL(url) || /^\/(?!\/)\S*$/.test(url);

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}

export function SpeakerAvatar({ speaker, size = "small" }: { speaker: Speaker; size?: "small" | "large" }) {
  const className = `agenda-avatar agenda-avatar--${size}`;
  if (isPictureURL(speaker.PictureURL)) {
    return <img className={className} src={speaker.PictureURL} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" />;
  }
  return (
    <span className={`${className} agenda-avatar--initials`} aria-hidden="true">
      {initials(speaker.FullName)}
    </span>
  );
}
