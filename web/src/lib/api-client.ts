/**
 * The HTTP client for `/api/v1`. Every failure becomes an `ApiError` (the server answered with
 * the error envelope or a bad status) or a `NetworkError` (no answer), so screens can map codes to
 * translated messages and never swallow an offline state.
 *
 * The bearer token comes from a provider the accounts feature registers; an expired token
 * (401 + `JWT_EXPIRED` / "JWT Expired") is reported to the registered handler, which logs out.
 */

export const API_BASE = "/api/v1";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("network error", { cause });
    this.name = "NetworkError";
  }
}

type TokenProvider = () => string | null;
type ExpiredHandler = () => void;

let tokenProvider: TokenProvider = () => null;
let expiredHandler: ExpiredHandler = () => undefined;

export function setTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

export function setExpiredTokenHandler(handler: ExpiredHandler): void {
  expiredHandler = handler;
}

export function isExpiredTokenError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.code === "JWT_EXPIRED" || error.message === "JWT Expired")
  );
}

type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Query;
  body?: unknown;
  /** Send the bearer token (default true; public calls may leave it out). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Cookies to send: "include" for calls that read a cookie the server set (single sign-on). */
  credentials?: RequestCredentials;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ""}`;
}

interface Envelope {
  Error?: { Code?: unknown; Message?: unknown; Data?: unknown };
}

function envelopeError(status: number, statusText: string, envelope: Envelope): ApiError {
  const error = envelope.Error ?? {};
  return new ApiError(
    status,
    typeof error.Code === "string" ? error.Code : `HTTP_${status}`,
    typeof error.Message === "string" ? error.Message : statusText,
    error.Data ?? null,
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  let envelope: Envelope = {};
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    // not JSON: keep the status only
  }
  return envelopeError(response.status, response.statusText, envelope);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = options.auth === false ? null : tokenProvider();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (isExpiredTokenError(error)) expiredHandler();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface UploadProgress {
  loaded: number;
  /** Null when the browser cannot tell the size of the body. */
  total: number | null;
}

export interface FormRequestOptions {
  method?: "POST" | "PUT";
  /** Called as the body goes out (XMLHttpRequest upload progress events). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form (file uploads) with the bearer token, failing like `request` does
 * (`ApiError`, `NetworkError`; an expired token reaches the handler). XMLHttpRequest rather than
 * fetch: only it reports upload progress. An abort through `signal` rejects with an `AbortError`.
 */
export function sendForm<T>(path: string, form: FormData, options: FormRequestOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException("The upload was aborted", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? "POST", buildUrl(path));
    xhr.setRequestHeader("Accept", "application/json");
    const token = tokenProvider();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => options.signal?.removeEventListener("abort", onAbort);
    const { onProgress } = options;
    if (onProgress) {
      xhr.upload.addEventListener("progress", (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : null }));
    }
    xhr.addEventListener("load", () => {
      done();
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((xhr.status === 204 ? undefined : body) as T);
        return;
      }
      const error = envelopeError(xhr.status, xhr.statusText, (body ?? {}) as Envelope);
      if (isExpiredTokenError(error)) expiredHandler();
      reject(error);
    });
    xhr.addEventListener("error", () => {
      done();
      reject(new NetworkError(new Error("upload failed")));
    });
    xhr.addEventListener("timeout", () => {
      done();
      reject(new NetworkError(new Error("upload timed out")));
    });
    xhr.addEventListener("abort", () => {
      done();
      reject(new DOMException("The upload was aborted", "AbortError"));
    });
    xhr.send(form);
  });
}
