/**
 * A speaker's picture. The server has no picture route for activities, and a speaker's
 * `PictureURL` must be an http(s) URL; so the picture goes through the event's vfiles
 * (docs/subsystems/vfiles.md), which organizers may attach to anything of the event:
 *
 * 1. `POST /events/{E}/vfiles` `{EntityType: "Speaker", EntityID: <speaker>, FileType: "File",
 *    IsDisabled: true}` (disabled: attendees' vfile lists do not show it);
 * 2. `PUT …/vfiles/{ID}/uploadcontent?FileName&MimeType&FileBytes&FileTimeAsInt` with the file as
 *    the raw body (the route reads the body itself, not a multipart form), with upload progress;
 * 3. `POST …/vfiles/{ID}/createthumbnail`: the image re-encoded (at most 320 px a side) and stored
 *    as a public file, `/api/v1/files/<hash>`, which `<img>` can load without a token;
 * 4. the speaker's `PictureURL` becomes that path on this site's origin (absolute: the server
 *    accepts only http(s) URLs there).
 *
 * A failure after step 1 deletes the vfile again (best effort), so no empty attachment stays.
 */
import { API_BASE, ApiError, NetworkError, request, type UploadProgress } from "@/lib/api-client";
import { readItem, storageKeys } from "@/lib/storage";

interface VFile {
  ID: string;
  ThumbnailURL: string;
}

export interface PictureUploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function envelopeError(xhr: XMLHttpRequest): ApiError {
  let error: { Code?: unknown; Message?: unknown; Data?: unknown } = {};
  try {
    const body = JSON.parse(xhr.responseText) as { Error?: typeof error };
    error = body.Error ?? {};
  } catch {
    // not JSON (a proxy's page): the status says enough
  }
  return new ApiError(
    xhr.status,
    typeof error.Code === "string" ? error.Code : `HTTP_${xhr.status}`,
    typeof error.Message === "string" ? error.Message : xhr.statusText,
    error.Data ?? null,
  );
}

/**
 * PUT a file as the raw request body with upload progress (`sendForm` in lib/api-client sends
 * multipart forms only). The console's token is read where the console keeps it.
 */
function putRaw(path: string, file: File, options: PictureUploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException("The upload was aborted", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", path);
    xhr.setRequestHeader("Accept", "application/json");
    const token = readItem("local", storageKeys.consoleJwt);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => options.signal?.removeEventListener("abort", onAbort);
    const { onProgress } = options;
    if (onProgress) xhr.upload.addEventListener("progress", (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : null }));
    xhr.addEventListener("load", () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(envelopeError(xhr));
    });
    xhr.addEventListener("error", () => {
      done();
      reject(new NetworkError(new Error("upload failed")));
    });
    xhr.addEventListener("abort", () => {
      done();
      reject(new DOMException("The upload was aborted", "AbortError"));
    });
    xhr.send(file);
  });
}

const id = encodeURIComponent;

/** Uploads `file` as the speaker's picture; answers the URL to store as its `PictureURL`. */
export async function uploadSpeakerPicture(eventId: string, speakerId: string, file: File, mimeType: string, options: PictureUploadOptions = {}): Promise<string> {
  const base = `/events/${id(eventId)}/vfiles`;
  const vfile = await request<VFile>(base, {
    method: "POST",
    body: { EntityType: "Speaker", EntityID: speakerId, Title: Array.from(file.name).slice(0, 200).join(""), FileType: "File", IsDisabled: true },
  });
  try {
    const query = new URLSearchParams({ FileName: file.name.slice(0, 255) || "picture", MimeType: mimeType, FileBytes: String(file.size), FileTimeAsInt: String(Math.max(0, Math.trunc(file.lastModified))) });
    await putRaw(`${API_BASE}${base}/${id(vfile.ID)}/uploadcontent?${query.toString()}`, file, options);
    const thumb = await request<VFile>(`${base}/${id(vfile.ID)}/createthumbnail`, { method: "POST" });
    return new URL(thumb.ThumbnailURL, window.location.origin).href;
  } catch (error) {
    await request(`${base}/${id(vfile.ID)}`, { method: "DELETE" }).catch(() => undefined);
    throw error;
  }
}
