/**
 * The Pages screen's rules (zod, read by react-hook-form), mirroring the server's
 * (`server/src/venuely/events/pages_router.py`, `pages_schemas.py`):
 *
 * - FAQ and landing: `Title` 1–200 characters, `Content` up to 100,000 characters and not empty
 *   (the server reads an empty form value as missing), `ImageURL` empty or http(s) (≤ 2000),
 *   `ImageHeight` empty, `auto`, or up to four digits with `px`, `vh` or `%`.
 * - Photobooth: `Slug` `[A-Za-z0-9_-]{1,100}`, `Domain` a host name or http(s) URL (≤ 300),
 *   `PanoID` a tour room (node ID or CustomID, `[A-Za-z0-9_-]{0,64}`) or empty, `PostMessageDomain` empty, `*` or an origin (≤ 300),
 *   `PostMessageText` ≤ 500, `GalleryDisplayMode` ≤ 50, `APIKey` ≤ 200 (write-only).
 * - Images (page images, web-element images): PNG, JPEG, WebP or GIF, at most the server's
 *   default upload limit (10 MiB; `VENUELY_MAX_UPLOAD_BYTES`, which the server does not publish).
 *
 * Lengths count characters as the server does (code points, not UTF-16 units). Messages are keys
 * under `validation.*` of the `pages` namespace.
 */
import { z } from "zod";

export const PAGE_TITLE_MAX = 200;
export const PAGE_CONTENT_MAX = 100_000;
export const IMAGE_URL_MAX = 2000;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");
export const WEB_ELEMENT_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

const HTTP_URL = /^https?:\/\/[^\s/?#]+\S*$/i;
const IMAGE_HEIGHT = /^(|auto|\d{1,4}(px|vh|%)?)$/;
const SLUG = /^[A-Za-z0-9_-]{1,100}$/;
const HOST_OR_URL = /^(https?:\/\/)?[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(:\d{1,5})?(\/\S*)?$/;
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;
/** A room of the venue tour (a node ID or CustomID), or empty for the start room. */
const TOUR_NODE_OR_EMPTY = /^[A-Za-z0-9_-]{0,64}$/;

export const pagesValidationKeys = [
  "titleRequired",
  "titleTooLong",
  "contentRequired",
  "contentTooLong",
  "imageUrlInvalid",
  "imageUrlTooLong",
  "imageHeightInvalid",
  "slugRequired",
  "slugInvalid",
  "domainRequired",
  "domainInvalid",
  "domainTooLong",
  "apiKeyRequired",
  "apiKeyTooLong",
  "displayModeTooLong",
  "panoIdInvalid",
  "messageTextRequired",
  "messageTextTooLong",
  "messageDomainRequired",
  "messageDomainInvalid",
  "messageDomainTooLong",
  "keyRequired",
  "keyInvalid",
  "fileRequired",
  "fileEmpty",
  "fileTooLarge",
  "fileType",
] as const;
export type PagesValidationKey = (typeof pagesValidationKeys)[number];

export function isPagesValidationKey(value: unknown): value is PagesValidationKey {
  return typeof value === "string" && (pagesValidationKeys as readonly string[]).includes(value);
}

/** Characters as Python counts them (a string's code points). */
export function charCount(value: string): number {
  return Array.from(value).length;
}

// ---------------------------------------------------------------------------------------------
// FAQ and landing

export const pageFormSchema = z.object({
  Title: z
    .string()
    .refine((v) => v.trim() !== "", "titleRequired")
    .refine((v) => charCount(v.trim()) <= PAGE_TITLE_MAX, "titleTooLong"),
  Content: z
    .string()
    .refine((v) => v.trim() !== "", "contentRequired")
    .refine((v) => charCount(v) <= PAGE_CONTENT_MAX, "contentTooLong"),
  ImageURL: z.string().superRefine((value, ctx) => {
    const v = value.trim();
    if (charCount(v) > IMAGE_URL_MAX) ctx.addIssue({ code: "custom", message: "imageUrlTooLong" });
    else if (v !== "" && !HTTP_URL.test(v)) ctx.addIssue({ code: "custom", message: "imageUrlInvalid" });
  }),
  ImageHeight: z.string().refine((v) => IMAGE_HEIGHT.test(v.trim()), "imageHeightInvalid"),
  IsSidebar: z.boolean(),
  RemoveImage: z.boolean(),
});

export type PageFormValues = z.infer<typeof pageFormSchema>;
export type PageKind = "faq" | "landing";

/** The multipart body of `PUT /events/{EventID}/faq|landing`; every field, so none is reset. */
export function toPageForm(kind: PageKind, values: PageFormValues, image: File | null): FormData {
  const form = new FormData();
  form.set("Title", values.Title.trim());
  // The content is kept exactly as typed: attendees see it as text, line breaks included.
  form.set("Content", values.Content);
  form.set("ImageURL", values.ImageURL.trim());
  form.set("ImageHeight", values.ImageHeight.trim());
  if (kind === "faq") form.set("IsSidebar", String(values.IsSidebar));
  if (image) form.set("Image", image, image.name);
  else if (values.RemoveImage) form.set("RemoveImage", "true");
  return form;
}

// ---------------------------------------------------------------------------------------------
// Images

/**
 * What is wrong with a chosen image before it is sent, or null. The type is the browser's guess
 * from the name; an unknown type is left to the server, which reads the bytes.
 */
export function imageProblem(file: File): PagesValidationKey | null {
  if (file.size === 0) return "fileEmpty";
  if (file.type !== "" && !(IMAGE_TYPES as readonly string[]).includes(file.type)) return "fileType";
  if (file.size > MAX_IMAGE_BYTES) return "fileTooLarge";
  return null;
}

export function webElementKeyProblem(key: string): PagesValidationKey | null {
  if (key === "") return "keyRequired";
  return WEB_ELEMENT_KEY_PATTERN.test(key) ? null : "keyInvalid";
}

// ---------------------------------------------------------------------------------------------
// Photobooth

/** An origin as typed, without a trailing slash (which the server's check would refuse). */
function messageOrigin(value: string): string {
  return value.trim().replace(/\/+$/, "");
}

const photoboothFields = z.object({
  Slug: z.string().superRefine((value, ctx) => {
    const v = value.trim();
    if (v === "") ctx.addIssue({ code: "custom", message: "slugRequired" });
    else if (!SLUG.test(v)) ctx.addIssue({ code: "custom", message: "slugInvalid" });
  }),
  Domain: z.string().superRefine((value, ctx) => {
    const v = value.trim();
    if (v === "") ctx.addIssue({ code: "custom", message: "domainRequired" });
    else if (charCount(v) > 300) ctx.addIssue({ code: "custom", message: "domainTooLong" });
    else if (!HOST_OR_URL.test(v)) ctx.addIssue({ code: "custom", message: "domainInvalid" });
  }),
  /** With a stored key: whether the person chose to replace it (else `APIKey` is not sent). */
  ReplaceKey: z.boolean(),
  APIKey: z.string().refine((v) => charCount(v.trim()) <= 200, "apiKeyTooLong"),
  GalleryDisplayMode: z.string().refine((v) => charCount(v.trim()) <= 50, "displayModeTooLong"),
  GalleryQRCodeShow: z.boolean(),
  PanoID: z.string().refine((v) => TOUR_NODE_OR_EMPTY.test(v.trim()), "panoIdInvalid"),
  OnClickOpenPopup: z.boolean(),
  OnClickGoToPanorama: z.boolean(),
  ExpectPostMessage: z.boolean(),
  PostMessageText: z.string().refine((v) => charCount(v) <= 500, "messageTextTooLong"),
  PostMessageDomain: z.string().superRefine((value, ctx) => {
    const v = messageOrigin(value);
    if (charCount(v) > 300) ctx.addIssue({ code: "custom", message: "messageDomainTooLong" });
    else if (v !== "" && v !== "*" && !ORIGIN.test(v)) ctx.addIssue({ code: "custom", message: "messageDomainInvalid" });
  }),
});

export type PhotoboothFormValues = z.infer<typeof photoboothFields>;

/**
 * The photobooth form's rules. The key is write-only: with one stored, it is sent (and then
 * required) only when the person chose to replace it; without one, typing a key is optional.
 */
export function photoboothFormSchema({ hasStoredKey }: { hasStoredKey: boolean }) {
  return photoboothFields.superRefine((values, ctx) => {
    if (hasStoredKey && values.ReplaceKey && values.APIKey.trim() === "") {
      ctx.addIssue({ code: "custom", message: "apiKeyRequired", path: ["APIKey"] });
    }
    // Waiting for a message nobody can send would leave the booth stuck: ask for both.
    if (values.ExpectPostMessage) {
      if (values.PostMessageText === "") ctx.addIssue({ code: "custom", message: "messageTextRequired", path: ["PostMessageText"] });
      if (values.PostMessageDomain.trim() === "") {
        ctx.addIssue({ code: "custom", message: "messageDomainRequired", path: ["PostMessageDomain"] });
      }
    }
  });
}

/** `PUT /events/{EventID}/photobooth`. */
export interface PhotoboothBody {
  Slug: string;
  Domain: string;
  APIKey?: string;
  GalleryDisplayMode: string;
  GalleryQRCodeShow: boolean;
  PanoID: string;
  OnClickOpenPopup: boolean;
  OnClickGoToPanorama: boolean;
  ExpectPostMessage: boolean;
  PostMessageText: string;
  PostMessageDomain: string;
}

/** The JSON body: `APIKey` only when a key is set or replaced (left out, the server keeps it). */
export function toPhotoboothBody(values: PhotoboothFormValues, { hasStoredKey }: { hasStoredKey: boolean }): PhotoboothBody {
  const key = values.APIKey.trim();
  const sendKey = (!hasStoredKey || values.ReplaceKey) && key !== "";
  return {
    Slug: values.Slug.trim(),
    Domain: values.Domain.trim(),
    ...(sendKey ? { APIKey: key } : {}),
    GalleryDisplayMode: values.GalleryDisplayMode.trim(),
    GalleryQRCodeShow: values.GalleryQRCodeShow,
    PanoID: values.PanoID.trim(),
    OnClickOpenPopup: values.OnClickOpenPopup,
    OnClickGoToPanorama: values.OnClickGoToPanorama,
    ExpectPostMessage: values.ExpectPostMessage,
    PostMessageText: values.PostMessageText,
    PostMessageDomain: messageOrigin(values.PostMessageDomain),
  };
}
