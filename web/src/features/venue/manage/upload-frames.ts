/**
 * The server's side of an upload, as realtime frames (protocol/README.md §4, opcodes 19–21): while
 * the server checks, re-encodes and stores a tour package it sends PANO_UPLOADER_PROGRESS to the
 * uploader's own connections (`person:{PersonID}`), then PANO_UPLOADER_SUCCESS or _ERROR.
 *
 * The console has no socket of its own otherwise, so the Venue screen opens one for as long as it
 * is mounted: the shared `realtime` client with the console's token. Without an `EventID` the
 * ticket call (`POST /amvproto/authenticate`) binds an organizer's socket to no event, which is
 * all the person channel needs. The frames only add progress: the upload's HTTP answer stays the
 * truth, and an upload works the same when the socket never opens.
 */
import { realtime, type UploaderProgress } from "@/lib/realtime";
import { useConsoleSocket } from "@/lib/use-console-socket";

export type ServerStep = UploaderProgress["Step"];

/** The order the server runs its steps in (panoramas/service.py `import_tour`). */
export const SERVER_STEPS: readonly ServerStep[] = ["check", "images", "store"];

export interface ServerProgress {
  step: ServerStep;
  done: number;
  total: number;
}

export interface UploadFrameListener {
  progress: (progress: ServerProgress) => void;
  /** The version was committed: `version` is its number. */
  success: (version: number) => void;
  /** The server refused the upload (its REST error code; the HTTP answer carries the same). */
  error: (code: string) => void;
}

/** Keeps a realtime connection open with the console's token while the calling screen is mounted. */
export function useConsoleRealtime(): void {
  useConsoleSocket();
}

/**
 * Follows the frames of one upload to `panoId`. Frames name the version the upload will get, which
 * the screen expects to be `expected` (one past the highest it knows); if the list was stale (a
 * version added elsewhere), the first frame at or above it fixes the number the rest must carry.
 * Only this person's connections get these frames, so another upload of theirs to the same pano
 * at the same moment (a second tab) is the one case this cannot tell apart.
 */
export function watchUpload(panoId: string, expected: number, listener: UploadFrameListener): () => void {
  let version: number | null = null;
  const ours = (pano: string | undefined, number: number | undefined): boolean => {
    if (pano !== panoId || number === undefined) return false;
    if (version === null && number >= expected) version = number;
    return number === version;
  };
  const unsubscribe = [
    realtime.subscribe("PANO_UPLOADER_PROGRESS", (frame) => {
      if (ours(frame.PanoID, frame.Version)) listener.progress({ step: frame.Step, done: frame.Done, total: frame.Total });
    }),
    realtime.subscribe("PANO_UPLOADER_SUCCESS", (frame) => {
      if (ours(frame.PanoID, frame.Version)) listener.success(frame.Version);
    }),
    realtime.subscribe("PANO_UPLOADER_ERROR", ({ Error: error }) => {
      if (ours(error.Data.PanoID, error.Data.Version)) listener.error(error.Code);
    }),
  ];
  return () => {
    for (const stop of unsubscribe) stop();
  };
}
