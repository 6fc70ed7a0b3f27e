/**
 * "Export ballots (CSV)": `GET /events/{E}/polls/{P}/ballots.csv` with the console's token.
 * Fails like `request` (ApiError, NetworkError).
 */
import { downloadFile } from "@/lib/download";
import { readItem, storageKeys } from "@/lib/storage";
import { pollPath } from "./api";

export function downloadBallotsCsv(eventId: string, pollId: string): Promise<void> {
  return downloadFile({
    path: `${pollPath(eventId, pollId)}/ballots.csv`,
    // The shell keeps the console's token under this key (app/console/session.ts).
    token: readItem("local", storageKeys.consoleJwt),
    type: "text/csv",
    fallbackName: `poll-${pollId}-ballots.csv`,
  });
}
