/**
 * The section's form rules (zod, read by react-hook-form), mirroring the server: a hunt's title
 * of 1–300 characters (the activities' `Title`) with optional times in the event's zone, the end
 * after the start; an item's room, name (1–120), clue (up to 500), points (whole, 1–1000) and
 * place (yaw −180…180, pitch −90…90, as the tour measures them). Numbers are kept as the text
 * the fields give, so "" and "2.5" are refused with a sentence rather than becoming NaN.
 *
 * Messages are keys under `validation.` of the `treasurehuntManage` namespace.
 */
import { z } from "zod";
import type { HuntItem, ItemBody } from "../api";
import type { HuntBody } from "./api";
import { isLocalDateTime, zonedLocalToEpoch, zonedLocalToUtc } from "./event-time";

export const LIMITS = { title: 300, name: 120, clue: 500, points: { min: 1, max: 1000 }, defaultPoints: 10 } as const;

export type ValidationKey =
  | "titleRequired"
  | "titleTooLong"
  | "dateInvalid"
  | "endBeforeBegin"
  | "nodeRequired"
  | "nameRequired"
  | "nameTooLong"
  | "clueTooLong"
  | "pointsRange"
  | "yawRange"
  | "pitchRange";

const KEYS: readonly string[] = ["titleRequired", "titleTooLong", "dateInvalid", "endBeforeBegin", "nodeRequired", "nameRequired", "nameTooLong", "clueTooLong", "pointsRange", "yawRange", "pitchRange"];
export const isValidationKey = (value: unknown): value is ValidationKey => typeof value === "string" && KEYS.includes(value);

/** Characters as the server counts them (code points). */
const length = (value: string): number => Array.from(value).length;
const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
/** A number field's text as a number, or null when it is none (a comma is a decimal point too). */
export const numberOf = (text: string): number | null => (NUMBER.test(text.trim()) ? Number(text.trim().replace(",", ".")) : null);

export function huntSchema(timeZone: string) {
  return z
    .object({ Title: z.string(), DateBegin: z.string(), DateEnd: z.string() })
    .superRefine((v, ctx) => {
      const add = (path: string, message: ValidationKey) => ctx.addIssue({ code: "custom", path: [path], message });
      const title = v.Title.trim();
      if (title === "") add("Title", "titleRequired");
      else if (length(title) > LIMITS.title) add("Title", "titleTooLong");
      const begin = v.DateBegin === "" ? null : zonedLocalToEpoch(v.DateBegin, timeZone);
      const end = v.DateEnd === "" ? null : zonedLocalToEpoch(v.DateEnd, timeZone);
      if (v.DateBegin !== "" && (!isLocalDateTime(v.DateBegin) || begin === null)) add("DateBegin", "dateInvalid");
      if (v.DateEnd !== "" && (!isLocalDateTime(v.DateEnd) || end === null)) add("DateEnd", "dateInvalid");
      else if (begin !== null && end !== null && end <= begin) add("DateEnd", "endBeforeBegin");
    });
}
export type HuntValues = z.infer<ReturnType<typeof huntSchema>>;

export function toHuntBody(v: HuntValues, timeZone: string): HuntBody {
  const begin = v.DateBegin === "" ? null : zonedLocalToUtc(v.DateBegin, timeZone);
  const end = v.DateEnd === "" ? null : zonedLocalToUtc(v.DateEnd, timeZone);
  return { Title: v.Title.trim(), ...(begin ? { DateBegin: begin } : {}), ...(end ? { DateEnd: end } : {}) };
}

export const itemSchema = z
  .object({ NodeID: z.string(), Name: z.string(), Clue: z.string(), Points: z.string(), Yaw: z.string(), Pitch: z.string() })
  .superRefine((v, ctx) => {
    const add = (path: string, message: ValidationKey) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.NodeID === "") add("NodeID", "nodeRequired");
    const name = v.Name.trim();
    if (name === "") add("Name", "nameRequired");
    else if (length(name) > LIMITS.name) add("Name", "nameTooLong");
    if (length(v.Clue.trim()) > LIMITS.clue) add("Clue", "clueTooLong");
    const points = Number(v.Points.trim());
    if (!/^\d+$/.test(v.Points.trim()) || points < LIMITS.points.min || points > LIMITS.points.max) add("Points", "pointsRange");
    const yaw = numberOf(v.Yaw);
    if (yaw === null || yaw < -180 || yaw > 180) add("Yaw", "yawRange");
    const pitch = numberOf(v.Pitch);
    if (pitch === null || pitch < -90 || pitch > 90) add("Pitch", "pitchRange");
  });
export type ItemValues = z.infer<typeof itemSchema>;
export type ItemField = keyof ItemValues;
export const ITEM_FIELDS: readonly ItemField[] = ["NodeID", "Name", "Clue", "Points", "Yaw", "Pitch"];

/** One decimal is finer than anyone can aim in a panorama, and reads well in the fields. */
export const angleText = (degrees: number): string => String(Math.round(degrees * 10) / 10);

/** The form's values for a stored item, or a new one's in `nodeID` (straight ahead, 10 points). */
export function itemValues(item: HuntItem | null, nodeID: string): ItemValues {
  return {
    NodeID: item?.NodeID ?? nodeID,
    Name: item?.Name ?? "",
    Clue: item?.Clue ?? "",
    Points: String(item?.Points ?? LIMITS.defaultPoints),
    Yaw: angleText(item?.Yaw ?? 0),
    Pitch: angleText(item?.Pitch ?? 0),
  };
}

export function toItemBody(v: ItemValues): ItemBody {
  return { NodeID: v.NodeID, Name: v.Name.trim(), Clue: v.Clue.trim(), Points: Number(v.Points.trim()), Yaw: numberOf(v.Yaw) ?? 0, Pitch: numberOf(v.Pitch) ?? 0 };
}
