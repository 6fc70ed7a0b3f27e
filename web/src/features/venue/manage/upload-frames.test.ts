import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { removeItem, storageKeys, writeItem } from "@/lib/storage";
import { useConsoleRealtime, watchUpload, type ServerProgress } from "./upload-frames";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const PANO = "p".repeat(24);
const OTHER = "f".repeat(24);

function listen() {
  const seen = { progress: [] as ServerProgress[], success: [] as number[], error: [] as string[] };
  const listener = {
    progress: (p: ServerProgress) => seen.progress.push(p),
    success: (v: number) => seen.success.push(v),
    error: (code: string) => seen.error.push(code),
  };
  return { seen, listener };
}

const progress = (PanoID: string, Version: number, Done = 1) =>
  fakeRealtime.deliver("PANO_UPLOADER_PROGRESS", { PanoID, Version, Step: "images", Done, Total: 4 });

describe("watchUpload", () => {
  beforeEach(() => fakeRealtime.reset());

  it("passes on the frames of its pano and version only", () => {
    const { seen, listener } = listen();
    const stop = watchUpload(PANO, 3, listener);
    progress(OTHER, 3);
    progress(PANO, 2); // an older upload of the same pano
    progress(PANO, 3, 2);
    fakeRealtime.deliver("PANO_UPLOADER_SUCCESS", { PanoID: PANO, Version: 3, PanoURL: `/tours/${PANO}/3/` });
    expect(seen.progress).toEqual([{ step: "images", done: 2, total: 4 }]);
    expect(seen.success).toEqual([3]);
    stop();
    progress(PANO, 3, 3);
    expect(seen.progress).toHaveLength(1);
  });

  it("follows the number the server chose when the list it counted from was stale", () => {
    const { seen, listener } = listen();
    watchUpload(PANO, 3, listener);
    progress(PANO, 5, 1);
    progress(PANO, 4, 1); // once fixed at 5, another number is another upload
    fakeRealtime.deliver("PANO_UPLOADER_ERROR", {
      Error: { Code: "INVALID_FILE", Message: "refused", Data: { PanoID: PANO, Version: 5, Entry: "images/hall.png" } },
    });
    expect(seen.progress).toEqual([{ step: "images", done: 1, total: 4 }]);
    expect(seen.error).toEqual(["INVALID_FILE"]);
  });
});

describe("useConsoleRealtime", () => {
  afterEach(() => {
    removeItem("local", storageKeys.consoleJwt);
    vi.restoreAllMocks();
  });

  it("opens the socket with the console's token while mounted, and closes it after", () => {
    writeItem("local", storageKeys.consoleJwt, "console.token.value");
    const connect = vi.spyOn(fakeRealtime, "connect");
    const close = vi.spyOn(fakeRealtime, "close");
    const { unmount } = renderHook(() => useConsoleRealtime());
    expect(connect).toHaveBeenCalledWith("console.token.value", undefined);
    expect(close).not.toHaveBeenCalled();
    unmount();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("without a token opens nothing", () => {
    const connect = vi.spyOn(fakeRealtime, "connect");
    renderHook(() => useConsoleRealtime()).unmount();
    expect(connect).not.toHaveBeenCalled();
  });
});
