/**
 * Test helpers for the Pages screen: a fake XMLHttpRequest (uploads: progress events, answers,
 * network failures, aborts), driven by the test.
 */
import { act } from "@testing-library/react";
import { vi } from "vitest";

export class FakeXHR {
  static sent: FakeXHR[] = [];
  /** Answers a request as soon as it is sent, when set (else the test answers it). */
  static autoReply: ((xhr: FakeXHR) => { status: number; body?: unknown } | undefined) | null = null;

  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  addEventListener(type: string, listener: EventListener): void {
    this.events.addEventListener(type, listener);
  }
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: FormData): void {
    this.body = body;
    FakeXHR.sent.push(this);
    const answer = FakeXHR.autoReply?.(this);
    if (answer) queueMicrotask(() => this.reply(answer.status, answer.body));
  }
  abort(): void {
    this.events.dispatchEvent(new Event("abort"));
  }

  /** The form's text fields (files by name). */
  fields(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, value] of this.body?.entries() ?? []) out[key] = typeof value === "string" ? value : `file:${value.name}`;
    return out;
  }
  progress(loaded: number, total: number): void {
    this.upload.dispatchEvent(new ProgressEvent("progress", { loaded, total, lengthComputable: true }));
  }
  reply(status: number, body?: unknown): void {
    this.status = status;
    this.responseText = body === undefined ? "" : JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }
  fail(): void {
    this.events.dispatchEvent(new Event("error"));
  }
}

export function installFakeXHR(): typeof FakeXHR {
  FakeXHR.sent = [];
  FakeXHR.autoReply = null;
  vi.stubGlobal("XMLHttpRequest", FakeXHR);
  return FakeXHR;
}

/** Runs a step of a fake request inside act(), so React applies what it causes. */
export async function step(fn: () => void): Promise<void> {
  await act(async () => {
    fn();
    await Promise.resolve();
  });
}
