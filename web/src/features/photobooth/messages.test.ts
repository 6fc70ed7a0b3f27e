import { describe, expect, it } from "vitest";
import type { PhotoboothConfig } from "./links";
import { boothMessageAction } from "./messages";

const BOOTH: PhotoboothConfig = {
  ExpectPostMessage: true,
  PostMessageText: "open-booth",
  PostMessageDomain: "https://booth.example.com",
  OnClickOpenPopup: true,
  OnClickGoToPanorama: false,
  PanoID: "",
};

describe("the photobooth's window messages", () => {
  it("takes the configured text from the configured origin", () => {
    expect(boothMessageAction(BOOTH, "https://booth.example.com", "open-booth")).toEqual({ openPopup: true, goTo: null });
  });

  it("ignores other origins, other texts and data that is not text", () => {
    expect(boothMessageAction(BOOTH, "https://evil.example", "open-booth")).toBeNull();
    expect(boothMessageAction(BOOTH, "https://booth.example.com:8443", "open-booth")).toBeNull();
    expect(boothMessageAction(BOOTH, "https://booth.example.com", "open-booth ")).toBeNull();
    expect(boothMessageAction(BOOTH, "https://booth.example.com", { text: "open-booth" })).toBeNull();
  });

  it("accepts any origin when the domain is the wildcard", () => {
    expect(boothMessageAction({ ...BOOTH, PostMessageDomain: "*" }, "https://anywhere.example", "open-booth")).not.toBeNull();
  });

  it("does nothing when the booth does not wait for messages or has no action", () => {
    expect(boothMessageAction({ ...BOOTH, ExpectPostMessage: false }, "https://booth.example.com", "open-booth")).toBeNull();
    expect(boothMessageAction({ ...BOOTH, OnClickOpenPopup: false }, "https://booth.example.com", "open-booth")).toBeNull();
  });

  it("goes to the configured room, or the start room when none is named", () => {
    const go = { ...BOOTH, OnClickOpenPopup: false, OnClickGoToPanorama: true };
    expect(boothMessageAction({ ...go, PanoID: "lobby" }, "https://booth.example.com", "open-booth")).toEqual({ openPopup: false, goTo: "lobby" });
    expect(boothMessageAction(go, "https://booth.example.com", "open-booth")).toEqual({ openPopup: false, goTo: "" });
  });
});
