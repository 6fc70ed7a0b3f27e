import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closePanels, showPanel } from "@/lib/panels";
import { resetLayout, setAccessCheck, useLayout } from "./layout-store";
import { bindPanelRequests } from "./panel-requests";

/** Lets the access check (a promise) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("panel requests from features reach the frame", () => {
  let unbind: () => void;
  beforeEach(() => {
    unbind = bindPanelRequests();
  });
  afterEach(() => {
    unbind();
    resetLayout();
  });

  it("show opens the chat panel and a second show keeps it open", async () => {
    showPanel("chat");
    await settle();
    expect(useLayout.getState().rightSidebar).toBe("chat");
    showPanel("chat");
    await settle();
    expect(useLayout.getState().rightSidebar).toBe("chat");
  });

  it("two shows in flight at once still leave the panel open", async () => {
    setAccessCheck({ check: () => Promise.resolve(true), onRefused: vi.fn() });
    showPanel("chat");
    showPanel("chat");
    await settle();
    expect(useLayout.getState().rightSidebar).toBe("chat");
  });

  it("show replaces another panel, and goes through the whitelist check", async () => {
    const check = vi.fn().mockResolvedValue(true);
    setAccessCheck({ check, onRefused: vi.fn() });
    await useLayout.getState().openRight("agenda");
    showPanel("chat");
    await settle();
    expect(check).toHaveBeenCalledTimes(2);
    expect(useLayout.getState().rightSidebar).toBe("chat");
  });

  it("a refused check does not open the panel and signs out through onRefused", async () => {
    const onRefused = vi.fn();
    setAccessCheck({ check: () => Promise.resolve(false), onRefused });
    showPanel("chat");
    await settle();
    expect(useLayout.getState().rightSidebar).toBeNull();
    expect(onRefused).toHaveBeenCalledOnce();
  });

  it("closeAll closes both sidebars", async () => {
    await useLayout.getState().openRight("chat");
    await useLayout.getState().openLeft("poll");
    closePanels();
    expect(useLayout.getState()).toMatchObject({ rightSidebar: null, leftSidebar: null });
  });

  it("after unbinding, requests change nothing", async () => {
    unbind();
    showPanel("chat");
    await settle();
    expect(useLayout.getState().rightSidebar).toBeNull();
  });
});
