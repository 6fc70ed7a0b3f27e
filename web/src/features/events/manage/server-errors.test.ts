import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "@/lib/api-client";
import { mapServerError } from "./server-errors";

describe("mapServerError", () => {
  it("puts a taken name on the internal name", () => {
    const error = new ApiError(409, "INTERNAL_NAME_TAKEN", "taken", { InternalName: "demo" });
    expect(mapServerError(error)).toEqual({ message: "errors.nameTaken", fields: ["InternalName"] });
  });

  it("reads the problems of rejected input, isolations by index", () => {
    const error = new ApiError(422, "VALIDATION_ERROR", "invalid", {
      Operation: "update_event",
      Problems: [
        { In: "body", Name: "Isolations.2", Type: "string_too_long", Message: "too long" },
        { In: "body", Name: "Title", Type: "string_too_short", Message: "too short" },
        { In: "body", Name: "Tracking.URL", Type: "value_error", Message: "no" },
      ],
    });
    expect(mapServerError(error)).toEqual({ message: "errors.invalidInput", fields: ["Title", "Isolations.2.value"] });
  });

  it("marks only the end when both dates are named", () => {
    const error = new ApiError(422, "VALIDATION_ERROR", "order", { DateBeginUTC: "x", DateEndUTC: "y" });
    expect(mapServerError(error).fields).toEqual(["DateEnd"]);
  });

  it("leaves a refusal without a field of the form to the form", () => {
    expect(mapServerError(new ApiError(403, "FORBIDDEN", "no", { EventID: "e" }))).toEqual({ message: "errors.forbidden", fields: [] });
    expect(mapServerError(new ApiError(422, "VALIDATION_ERROR", "x", { Problems: [{ Name: "body" }] })).fields).toEqual([]);
    expect(mapServerError(new NetworkError(new Error("offline")))).toEqual({ message: "errors.network", fields: [] });
  });
});
