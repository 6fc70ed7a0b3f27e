/**
 * A speaker's picture: one multipart upload, `POST /events/{E}/activities/{ID}/picture` with the
 * file as the field `file` (docs/subsystems/activities.md). The server re-encodes the image,
 * stores it and sets the speaker's `PictureURL` to the stored file's path `/api/v1/files/<hash>`;
 * a path rather than a URL on this origin, so pictures survive a move of the site to another
 * domain. `sendForm` gives progress and Cancel and sends the console's token (the api client's
 * provider, set by the console's start-up).
 */
import { sendForm, type UploadProgress } from "@/lib/api-client";
import type { SpeakerActivity } from "./api";

export interface PictureUploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const id = encodeURIComponent;

/** Uploads `file` as the speaker's picture; answers the speaker as the server now holds it. */
export function uploadSpeakerPicture(eventId: string, speakerId: string, file: File, options: PictureUploadOptions = {}): Promise<SpeakerActivity> {
  const form = new FormData();
  form.append("file", file, file.name);
  return sendForm<SpeakerActivity>(`/events/${id(eventId)}/activities/${id(speakerId)}/picture`, form, { method: "POST", ...options });
}
