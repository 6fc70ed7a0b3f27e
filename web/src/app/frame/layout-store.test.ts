import { afterEach, describe, expect, it, vi } from "vitest";
import {
  afterRoomChange,
  leftAfterOpen,
  leftResizesLayout,
  resetLayout,
  rightAfterClose,
  rightAfterOpen,
  rightAfterShow,
  setAccessCheck,
  useLayout,
  type RightState,
} from "./layout-store";

const none: RightState = { rightSidebar: null, sliderPage: null, slide: 0 };

describe("right sidebar rules", () => {
  it("opens one panel; opening it again closes it", () => {
    const open = rightAfterOpen(none, "faq");
    expect(open.rightSidebar).toBe("faq");
    expect(rightAfterOpen(open, "agenda").rightSidebar).toBe("agenda");
    expect(rightAfterOpen(open, "faq").rightSidebar).toBeNull();
  });

  it("a slider page stays open when opened again, is remembered and resets the slide", () => {
    const cinema = rightAfterOpen({ ...none, slide: 3 }, "cinema");
    expect(cinema).toEqual({ rightSidebar: "cinema", sliderPage: "cinema", slide: 0 });
    expect(rightAfterOpen({ ...cinema, slide: 2 }, "cinema")).toEqual({ rightSidebar: "cinema", sliderPage: "cinema", slide: 0 });
    expect(rightAfterOpen(cinema, "breakoutroom").sliderPage).toBe("breakoutroom");
  });

  it("closing returns to the remembered slider page, else none", () => {
    const chatOverCinema = rightAfterOpen(rightAfterOpen(none, "cinema"), "chat");
    expect(chatOverCinema.rightSidebar).toBe("chat");
    expect(rightAfterClose(chatOverCinema).rightSidebar).toBe("cinema");
    // Toggling chat off also goes back to the slider page.
    expect(rightAfterOpen(chatOverCinema, "chat").rightSidebar).toBe("cinema");
    // Closing the slider page itself forgets it.
    expect(rightAfterClose(rightAfterClose(chatOverCinema))).toEqual(none);
    expect(rightAfterClose(rightAfterOpen(none, "faq"))).toEqual(none);
  });
});

describe("showing on request", () => {
  it("opens the panel, but never toggles an open one closed", () => {
    const chat = rightAfterShow(none, "chat");
    expect(chat.rightSidebar).toBe("chat");
    expect(rightAfterShow(chat, "chat")).toBe(chat);
    expect(rightAfterShow(rightAfterOpen(none, "faq"), "chat").rightSidebar).toBe("chat");
  });
});

describe("left sidebar rules", () => {
  it("toggles; only the poll resizes the layout", () => {
    expect(leftAfterOpen(null, "poll")).toBe("poll");
    expect(leftAfterOpen("poll", "poll")).toBeNull();
    expect(leftAfterOpen("poll", "media_info")).toBe("media_info");
    expect(leftResizesLayout("poll")).toBe(true);
    expect(leftResizesLayout("media_info")).toBe(false);
    expect(leftResizesLayout(null)).toBe(false);
  });
});

describe("room change", () => {
  it("closes both sidebars in a room without components", () => {
    expect(afterRoomChange([])).toEqual({ ...none, leftSidebar: null });
  });
  it("opens cinema or replays when the node mounts them", () => {
    expect(afterRoomChange(["cinema"])).toMatchObject({ rightSidebar: "cinema", sliderPage: "cinema" });
    expect(afterRoomChange(["replays"])).toMatchObject({ rightSidebar: "replays", sliderPage: null });
  });
});

describe("store: whitelist re-check before every open", () => {
  afterEach(() => resetLayout());

  it("opens at once without a registered check (tests, other features)", async () => {
    await useLayout.getState().openRight("chat");
    expect(useLayout.getState().rightSidebar).toBe("chat");
  });

  it("checks first, opens when allowed", async () => {
    const check = vi.fn().mockResolvedValue(true);
    setAccessCheck({ check, onRefused: vi.fn() });
    await useLayout.getState().openRight("agenda");
    await useLayout.getState().openLeft("poll");
    expect(check).toHaveBeenCalledTimes(2);
    expect(useLayout.getState()).toMatchObject({ rightSidebar: "agenda", leftSidebar: "poll" });
  });

  it("a refusal (401) does not open and reports the refusal", async () => {
    const onRefused = vi.fn();
    setAccessCheck({ check: () => Promise.resolve(false), onRefused });
    await useLayout.getState().openRight("faq");
    expect(useLayout.getState().rightSidebar).toBeNull();
    expect(onRefused).toHaveBeenCalledOnce();
  });

  it("an unreachable check (offline) is not a refusal", async () => {
    const onRefused = vi.fn();
    setAccessCheck({ check: () => Promise.reject(new Error("offline")), onRefused });
    await useLayout.getState().openRight("faq");
    expect(useLayout.getState().rightSidebar).toBe("faq");
    expect(onRefused).not.toHaveBeenCalled();
  });

  it("closeSidebars closes both and forgets the slider page", async () => {
    await useLayout.getState().openRight("cinema");
    await useLayout.getState().openLeft("media_info");
    useLayout.getState().closeSidebars();
    expect(useLayout.getState()).toMatchObject({ rightSidebar: null, leftSidebar: null, sliderPage: null });
  });
});

describe("store: media menu", () => {
  afterEach(() => resetLayout());
  it("choosing an entry makes it the current frame and closes the list", () => {
    useLayout.getState().toggleMediaMenu();
    expect(useLayout.getState().mediaMenu.open).toBe(true);
    useLayout.getState().openMediaFrame("replays");
    expect(useLayout.getState().mediaMenu).toEqual({ open: false, frame: "replays" });
  });
});

describe("store: entering rooms", () => {
  afterEach(() => resetLayout());
  it("closes sidebars on a room change, not when the same room is shown again", async () => {
    useLayout.getState().enterRoom("lobby", []);
    await useLayout.getState().openRight("chat");
    useLayout.getState().enterRoom("lobby", []);
    expect(useLayout.getState().rightSidebar).toBe("chat");
    useLayout.getState().enterRoom("auditorium", ["cinema"]);
    expect(useLayout.getState().rightSidebar).toBe("cinema");
    useLayout.getState().enterRoom("expo", []);
    expect(useLayout.getState().rightSidebar).toBeNull();
  });

  it("keeps a panel opened while the venue was loading when the first room is entered", async () => {
    await useLayout.getState().openRight("chat");
    useLayout.getState().enterRoom("lobby", []);
    expect(useLayout.getState().rightSidebar).toBe("chat");
    useLayout.getState().enterRoom("auditorium", []);
    expect(useLayout.getState().rightSidebar).toBeNull();
  });
});
