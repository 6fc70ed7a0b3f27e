/**
 * The profile's calls and what their refusals mean to the person:
 * - `PUT /persons/{PersonID}` with the changed profile fields (or `PictureURL: ""` to remove the
 *   picture); answers the whole person (accounts/router.py);
 * - `POST /events/{EventID}/vfiles/personpicture`, multipart field `file`, and
 *   `POST /events/{EventID}/vfiles/personpicture/fromurl` with `{"url": …}`: the caller's own
 *   picture, cropped to a square and stored by the server; both answer `{PersonID, PictureURL}`
 *   (vfiles/router.py, docs/subsystems/vfiles.md "Person picture").
 */
import { ApiError, request, sendForm, type UploadProgress } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";
import type { Person } from "../api/get-person";
import type { FormKey, PictureKey, ProfileField, ProfileUpdate } from "./schema";

export interface PictureAnswer {
  PersonID: string;
  PictureURL: string;
}

export function updatePerson(personID: string, body: ProfileUpdate | { PictureURL: string }): Promise<Person> {
  return request<Person>(`/persons/${encodeURIComponent(personID)}`, { method: "PUT", body });
}

const picturePath = (eventID: string) => `/events/${encodeURIComponent(eventID)}/vfiles/personpicture`;

export function uploadPicture(
  eventID: string,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<PictureAnswer> {
  const form = new FormData();
  form.append("file", file, file.name);
  return sendForm<PictureAnswer>(picturePath(eventID), form, options);
}

export function pictureFromUrl(eventID: string, url: string): Promise<PictureAnswer> {
  return request<PictureAnswer>(`${picturePath(eventID)}/fromurl`, { method: "POST", body: { url } });
}

/** The person with a new picture (the answer of the picture routes names only the URL). */
export function withPicture(person: Person, pictureURL: string): Person {
  return {
    ...person,
    ContactInfo: { ...person.ContactInfo, Business: { ...person.ContactInfo?.Business, PictureURL: pictureURL } },
  };
}

// -- refusals of the profile form ----------------------------------------------------------------

/** A field's message from the server: one of the form's own, or a shared error message. */
export type ServerFieldKey = FormKey | ErrorMessageKey;

/** The body parameters a 422 names (`Data.Problems[].Name`, core/errors.py) and their fields. */
const SERVER_FIELDS: Record<string, ProfileField> = {
  FirstName: "firstName",
  LastName: "lastName",
  Language: "language",
  TimezoneName: "timezone",
  TimezoneShift: "timezone",
};

interface Problem {
  Name?: unknown;
  Type?: unknown;
}

function problemsOf(error: unknown): Problem[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const problems = (error.data as { Problems?: unknown } | null)?.Problems;
  return Array.isArray(problems) ? problems.filter((p): p is Problem => typeof p === "object" && p !== null) : [];
}

/** A name refused by pydantic's length rules reads like the form's own rule would have. */
function problemKey(field: ProfileField, type: unknown): ServerFieldKey {
  if (field === "firstName" || field === "lastName") {
    if (type === "string_too_long") return "profile.nameTooLong";
    if (type === "string_too_short" || type === "missing") return field === "firstName" ? "validation.firstNameRequired" : "validation.lastNameRequired";
  }
  return "errors.invalidInput";
}

/** The fields a refused save names, each with its message (first problem per field wins). */
export function serverFieldErrors(error: unknown): Partial<Record<ProfileField, ServerFieldKey>> {
  const out: Partial<Record<ProfileField, ServerFieldKey>> = {};
  for (const problem of problemsOf(error)) {
    const field = typeof problem.Name === "string" ? SERVER_FIELDS[problem.Name] : undefined;
    if (field && !out[field]) out[field] = problemKey(field, problem.Type);
  }
  return out;
}

// -- refusals of the picture calls ---------------------------------------------------------------

/** Why a picture was not taken: a known refusal, its size limit, or the shared message. */
export type PictureProblem =
  | { key: Exclude<PictureKey, "profile.picture.fileTooLarge"> }
  | { key: "profile.picture.fileTooLarge"; maxBytes: number }
  | { key: "profile.picture.notSaved"; reason: ErrorMessageKey };

function dataOf(error: ApiError): Record<string, unknown> {
  return typeof error.data === "object" && error.data !== null ? (error.data as Record<string, unknown>) : {};
}

/**
 * A refused picture call as the person should read it. The outbound client's refusals carry
 * `Data.Reason` (422: a malformed address, 403: a host it may not fetch); without it a 422 or 403
 * is about the request or the person, not the address, and reads like any other failure.
 */
export function pictureProblem(error: unknown, fallbackMaxBytes: number): PictureProblem {
  if (error instanceof ApiError) {
    const data = dataOf(error);
    const outbound = typeof data.Reason === "string";
    switch (error.code) {
      case "BODY_TOO_LARGE":
        return { key: "profile.picture.fileTooLarge", maxBytes: typeof data.MaxBytes === "number" ? data.MaxBytes : fallbackMaxBytes };
      case "UNSUPPORTED_MEDIA_TYPE":
        return { key: "profile.picture.fileType" };
      case "UPSTREAM_FAILED":
        return { key: "profile.picture.urlFailed" };
      case "FORBIDDEN":
        if (outbound) return { key: "profile.picture.urlRefused" };
        break;
      case "VALIDATION_ERROR":
        if (outbound || problemsOf(error).some((p) => p.Name === "url")) return { key: "profile.picture.urlInvalid" };
        break;
    }
  }
  return { key: "profile.picture.notSaved", reason: errorMessageKey(error) };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
