/**
 * "Export ballots (CSV)": `GET /events/{E}/polls/{P}/ballots.csv` needs the console's bearer
 * token, which a plain link cannot send, so the file is fetched here and handed to the browser as
 * a download (a blob: URL, released once the click has started it), as the agenda's calendar
 * download does. Fails like `request` (ApiError, NetworkError).
 */
import { API_BASE, ApiError, NetworkError } from "@/lib/api-client";
import { readItem, storageKeys } from "@/lib/storage";
import { pollPath } from "./api";

export const ballotsCsvPath = (eventId: string, pollId: string) => `${API_BASE}${pollPath(eventId, pollId)}/ballots.csv`;

/** The file name a Content-Disposition header gives (plain names only), else the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  const name = match?.[1]?.trim() ?? "";
  return /^[A-Za-z0-9._-]+$/.test(name) ? name : fallback;
}

async function refusal(response: Response): Promise<ApiError> {
  let code = `HTTP_${response.status}`;
  let message = response.statusText;
  let data: unknown = null;
  try {
    const body = (await response.json()) as { Error?: { Code?: unknown; Message?: unknown; Data?: unknown } };
    if (typeof body.Error?.Code === "string") code = body.Error.Code;
    if (typeof body.Error?.Message === "string") message = body.Error.Message;
    data = body.Error?.Data ?? null;
  } catch {
    // not JSON: the status says enough
  }
  return new ApiError(response.status, code, message, data);
}

export async function downloadBallotsCsv(eventId: string, pollId: string): Promise<void> {
  // The shell keeps the console's token under this key (app/console/session.ts).
  const token = readItem("local", storageKeys.consoleJwt);
  let response: Response;
  try {
    response = await fetch(ballotsCsvPath(eventId, pollId), {
      headers: { Accept: "text/csv", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!response.ok) throw await refusal(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(new Blob([blob], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = attachmentName(response.headers.get("Content-Disposition"), `poll-${pollId}-ballots.csv`);
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
