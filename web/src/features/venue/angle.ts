/**
 * The view angle (attendee-app.md §2, §4, §9): kept in session storage always and in local storage
 * when functional cookies are allowed (the consent text names "the view angle in the venue"), so
 * a reload — or an isolation reload — reopens the room facing the same way.
 */
import { readItem, storageKeys, writeItem } from "@/lib/storage";

export interface StoredAngle {
  node: string;
  yaw: number;
  pitch: number;
}

function parse(raw: string | null): StoredAngle | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredAngle>;
    if (typeof value.node === "string" && Number.isFinite(value.yaw) && Number.isFinite(value.pitch)) {
      return { node: value.node, yaw: value.yaw as number, pitch: value.pitch as number };
    }
  } catch {
    // ignored: a broken value is no angle
  }
  return null;
}

export function readAngle(): StoredAngle | null {
  return parse(readItem("session", storageKeys.angle)) ?? parse(readItem("local", storageKeys.angle));
}

export function writeAngle(angle: StoredAngle, functionalAllowed: boolean): void {
  const value = JSON.stringify({ node: angle.node, yaw: Math.round(angle.yaw * 10) / 10, pitch: Math.round(angle.pitch * 10) / 10 });
  writeItem("session", storageKeys.angle, value);
  if (functionalAllowed) writeItem("local", storageKeys.angle, value);
}
