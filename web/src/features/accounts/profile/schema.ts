/**
 * The profile screen's rules (zod), mirroring the server's (accounts/schemas.py `PersonUpdate`,
 * vfiles/router.py `personpicture`, core/outbound.py):
 * - names: required and at most 100 characters after trimming (`NameText`);
 * - language: one the product speaks (`core/i18n.py`);
 * - time zone: the device's (nothing chosen) or a whole-hour offset GMT −12 … +14 (§9);
 * - picture file: PNG, JPEG, GIF or WebP, not empty, at most the server's upload limit;
 * - picture address: http(s), no user information, at most 2000 characters (rule 1 of
 *   docs/subsystems/outbound.md; the server still decides whether the host may be fetched).
 *
 * Messages are translation keys, so a message follows the language the app is in when shown.
 */
import { z } from "zod";
import { supportedLanguages, type Language } from "@/lib/locale";
import type { Person } from "../api/get-person";
import { hasChosenZone, isShift, timezoneFields } from "../timezone";

export const NAME_MAX = 100;
export const URL_MAX = 2000;
/** `VENUELY_MAX_UPLOAD_BYTES`' default (settings.py). A server configured lower answers 413 with
 * its own limit in `Data.MaxBytes`, which the refusal then names. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
/** Browsers leave `File.type` empty for names they do not know; then the extension decides. */
const PICTURE_EXTENSIONS = /\.(png|jpe?g|gif|webp)$/i;

/** The select's value for "my device's time zone": nothing is stored on the person. */
export const DEVICE_ZONE = "";

export const formKeys = ["validation.firstNameRequired", "validation.lastNameRequired", "profile.nameTooLong", "errors.invalidInput"] as const;
/** A message of the profile form's own rules. */
export type FormKey = (typeof formKeys)[number];

export const pictureKeys = [
  "profile.picture.chooseFile",
  "profile.picture.fileEmpty",
  "profile.picture.fileType",
  "profile.picture.fileTooLarge",
  "profile.picture.urlRequired",
  "profile.picture.urlInvalid",
  "profile.picture.urlRefused",
  "profile.picture.urlFailed",
] as const;
export type PictureKey = (typeof pictureKeys)[number];

const isOneOf =
  <K extends string>(keys: readonly K[]) =>
  (value: unknown): value is K =>
    typeof value === "string" && (keys as readonly string[]).includes(value);

export const isFormKey = isOneOf(formKeys);
export const isPictureKey = isOneOf(pictureKeys);

const name = (requiredKey: FormKey) =>
  z.string().superRefine((value, ctx) => {
    const v = value.trim();
    if (v === "") ctx.addIssue({ code: "custom", message: requiredKey });
    else if ([...v].length > NAME_MAX) ctx.addIssue({ code: "custom", message: "profile.nameTooLong" });
  });

export const profileSchema = z.object({
  firstName: name("validation.firstNameRequired"),
  lastName: name("validation.lastNameRequired"),
  language: z.enum(supportedLanguages),
  // A select's value is a string: "" for the device's zone, else the offset ("-5", "2").
  timezone: z.string().refine((v) => v === DEVICE_ZONE || (/^-?\d{1,2}$/.test(v) && isShift(Number(v))), "errors.invalidInput"),
});

export type ProfileValues = z.infer<typeof profileSchema>;
export type ProfileField = keyof ProfileValues;

/** The form's starting values: the person as loaded, in the language the app is shown in. */
export function profileValues(person: Person, appLanguage: Language): ProfileValues {
  return {
    firstName: person.FirstName ?? "",
    lastName: person.LastName ?? "",
    // What the person reads now, not the stored `Language`: saving the name must not switch the
    // app to a language the person had left through the footer's switcher.
    language: appLanguage,
    timezone: hasChosenZone(person) ? String(person.TimezoneShift) : DEVICE_ZONE,
  };
}

/** The writable fields of `PUT /persons/{PersonID}` this screen owns (docs/subsystems/auth.md). */
export interface ProfileUpdate {
  FirstName: string;
  LastName: string;
  Language: Language;
  TimezoneName: string;
  TimezoneShift: number;
}

/**
 * The PUT body. The device's zone is stored as the server's "nothing chosen" (an empty name and
 * shift 0, the columns' defaults), which `hasChosenZone` reads back as "follow the browser".
 */
export function profileUpdate(values: ProfileValues): ProfileUpdate {
  const zone = values.timezone === DEVICE_ZONE ? { TimezoneName: "", TimezoneShift: 0 } : timezoneFields(Number(values.timezone));
  return { FirstName: values.firstName.trim(), LastName: values.lastName.trim(), Language: values.language, ...zone };
}

function isPictureType(file: File): boolean {
  return file.type === "" ? PICTURE_EXTENSIONS.test(file.name) : (PICTURE_TYPES as readonly string[]).includes(file.type);
}

/** A picture file the server would take, else the first reason it would not. */
export const pictureFileSchema = z.custom<File | null>().superRefine((file, ctx) => {
  if (!(file instanceof File)) ctx.addIssue({ code: "custom", message: "profile.picture.chooseFile" });
  else if (file.size === 0) ctx.addIssue({ code: "custom", message: "profile.picture.fileEmpty" });
  else if (!isPictureType(file)) ctx.addIssue({ code: "custom", message: "profile.picture.fileType" });
  else if (file.size > PICTURE_MAX_BYTES) ctx.addIssue({ code: "custom", message: "profile.picture.fileTooLarge" });
});

function isHttpUrl(value: string): boolean {
  // Spaces, control characters and backslashes read differently to people and parsers; the
  // server refuses them, so they are refused here already.
  // eslint-disable-next-line no-control-regex
  if (/[\s\\\u0000-\u001f]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && url.username === "" && url.password === "";
}

export const pictureUrlSchema = z.string().superRefine((value, ctx) => {
  const v = value.trim();
  if (v === "") ctx.addIssue({ code: "custom", message: "profile.picture.urlRequired" });
  else if (v.length > URL_MAX || !isHttpUrl(v)) ctx.addIssue({ code: "custom", message: "profile.picture.urlInvalid" });
});

/** Why this file cannot be the picture, or null when it can be sent. */
export function pictureFileProblem(file: File | null): PictureKey | null {
  const result = pictureFileSchema.safeParse(file);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return isPictureKey(message) ? message : "profile.picture.fileType";
}

/** Why this address cannot be sent for the picture, or null when it can. */
export function pictureUrlProblem(url: string): PictureKey | null {
  const result = pictureUrlSchema.safeParse(url);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return isPictureKey(message) ? message : "profile.picture.urlInvalid";
}
