/**
 * Files behind a bearer token (a calendar entry, a CSV export): a plain link cannot send the
 * token, so the file is fetched here and handed to the browser as a download — a blob: URL,
 * released once the click has started it. Fails like `request`: NetworkError when the server
 * cannot be reached, ApiError with the server's code and message when it refuses.
 */
import { API_BASE, ApiError, NetworkError } from "./api-client";

export interface Download {
  /** The API path, as `request` takes it (without API_BASE). */
  path: string;
  token: string | null;
  /** The file's media type: what is asked for and what the saved file is. */
  type: string;
  /** The name when the server's Content-Disposition gives no usable one. */
  fallbackName: string;
}

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

export async function downloadFile({ path, token, type, fallbackName }: Download): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      headers: { Accept: type, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!response.ok) throw await refusal(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(new Blob([blob], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = attachmentName(response.headers.get("Content-Disposition"), fallbackName);
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
