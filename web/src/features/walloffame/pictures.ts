/**
 * The pictures of a project being written: the stored ones it keeps, and new files with a preview
 * (an object URL, released when the file leaves the form). Pictures go up after the project is
 * saved — the upload route needs the project's id — one at a time in the order shown, so the first
 * stays the thumbnail; pictures removed in the form are deleted then too. A failed upload does not
 * undo the saved project: the form keeps the file so saving again retries it.
 */
import { deletePicture, MAX_PICTURES, type Picture, uploadPicture } from "./api";
import { isGone } from "./errors";

export type PictureItem = { kind: "stored"; key: string; picture: Picture } | { kind: "new"; key: string; file: File; preview: string };

let counter = 0;

export const storedItems = (pictures: readonly Picture[]): PictureItem[] => pictures.map((picture) => ({ kind: "stored", key: picture.VFileID, picture }));

/**
 * Files added to the items: pictures only, up to the limit. Says how many were left out for the
 * limit and which were not pictures (by the browser's type: the server checks the content).
 */
export function withFiles(items: readonly PictureItem[], files: readonly File[]): { items: PictureItem[]; overLimit: number; notImages: string[] } {
  const notImages = files.filter((f) => !f.type.startsWith("image/")).map((f) => f.name);
  const images = files.filter((f) => f.type.startsWith("image/"));
  const room = Math.max(0, MAX_PICTURES - items.length);
  const added = images.slice(0, room).map((file): PictureItem => ({ kind: "new", key: `new-${++counter}`, file, preview: URL.createObjectURL(file) }));
  return { items: [...items, ...added], overLimit: images.length - added.length, notImages };
}

export function release(item: PictureItem): void {
  if (item.kind === "new") URL.revokeObjectURL(item.preview);
}

export interface PicturesOutcome {
  /** The new files that did not go up (kept in the form to retry). */
  failed: PictureItem[];
  error: unknown;
}

/** Deletes the removed pictures, then uploads the new ones in order. */
export async function savePictures(eventID: string, projectID: string, removed: readonly Picture[], items: readonly PictureItem[]): Promise<PicturesOutcome> {
  const failed: PictureItem[] = [];
  let error: unknown = null;
  for (const picture of removed) {
    try {
      await deletePicture(eventID, projectID, picture.VFileID);
    } catch (e) {
      // Already gone is what was wanted; anything else is reported but does not stop the uploads.
      if (!isGone(e)) error = e;
    }
  }
  for (const item of items) {
    if (item.kind !== "new") continue;
    try {
      await uploadPicture(eventID, projectID, item.file);
    } catch (e) {
      failed.push(item);
      error = e;
    }
  }
  return { failed, error };
}
