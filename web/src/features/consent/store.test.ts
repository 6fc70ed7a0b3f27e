import { describe, expect, it } from "vitest";
import { readItem, storageKeys, writeItem } from "@/lib/storage";
import { defaultConsent, loadConsent, useConsent } from "./store";

describe("cookie consent", () => {
  it("defaults functional and statistics to true, unsaved", () => {
    expect(defaultConsent).toEqual({ isSaved: false, functional: true, statistics: true, persisted: false });
    expect(loadConsent()).toEqual(defaultConsent);
  });
  it("saves and persists the choice", () => {
    useConsent.getState().save({ functional: false, statistics: true });
    const state = useConsent.getState();
    expect(state).toMatchObject({ isSaved: true, functional: false, statistics: true, persisted: true, modalOpen: false });
    expect(JSON.parse(readItem("local", storageKeys.consent) ?? "")).toEqual({ isSaved: true, functional: false, statistics: true });
    expect(loadConsent()).toEqual({ isSaved: true, functional: false, statistics: true, persisted: true });
  });
  it("ignores a corrupt saved value", () => {
    writeItem("local", storageKeys.consent, "{not json");
    expect(loadConsent()).toEqual(defaultConsent);
  });
});
