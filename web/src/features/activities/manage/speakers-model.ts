/**
 * How speakers read in the console: their name (`FullName`, which the server derives from first
 * and last name when empty), the line under it (job title, company), and the order of a printed
 * speaker list — last name, then first name, accents and case ignored (lists/service.py).
 */
import type { SpeakerActivity } from "./api";

export function speakerName(speaker: SpeakerActivity): string {
  const joined = `${speaker.FirstName ?? ""} ${speaker.LastName ?? ""}`.trim();
  return speaker.FullName?.trim() || joined || speaker.Title || speaker.InternalName || speaker.ID;
}

/** "Head of Streaming, Stagecraft GmbH" (either part alone when the other is empty). */
export function speakerRole(speaker: SpeakerActivity): string {
  return [speaker.JobTitle?.trim(), speaker.Company?.trim()].filter(Boolean).join(", ");
}

const folded = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("en");

export function bySpeakerName(a: SpeakerActivity, b: SpeakerActivity): number {
  const last = (s: SpeakerActivity) => folded(s.LastName?.trim() || speakerName(s));
  const first = (s: SpeakerActivity) => folded(s.FirstName ?? "");
  return last(a).localeCompare(last(b)) || first(a).localeCompare(first(b)) || a.ID.localeCompare(b.ID);
}
