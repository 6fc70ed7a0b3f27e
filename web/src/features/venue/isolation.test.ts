import { describe, expect, it } from "vitest";
import { readAngle, writeAngle } from "./angle";
import { isolationPaths, isolationReload } from "./isolation";

const base = { useIsolation: true, isolations: ["auditorium", { Path: "/page/stage" }], pathname: "/auditorium", search: "?id=s1", crossOriginIsolated: false, desktop: true };

describe("isolation (§2)", () => {
  it("reads Isolations entries as event-relative paths", () => {
    expect(isolationPaths(["Auditorium", { Path: "/page/stage" }, 3, ""])).toEqual(["/auditorium", "/page/stage"]);
  });
  it("reloads a listed page with mode=zoom when not isolated, keeping the session id", () => {
    expect(isolationReload(base)).toBe("?id=s1&mode=zoom");
    expect(isolationReload({ ...base, pathname: "/AUDITORIUM" })).toBe("?id=s1&mode=zoom");
  });
  it("reloads other pages with mode=normal when isolated", () => {
    expect(isolationReload({ ...base, pathname: "/lobby", crossOriginIsolated: true })).toBe("?id=s1&mode=normal");
  });
  it("leaves the page alone when it is as it should be, already reloaded, off, or not a desktop", () => {
    expect(isolationReload({ ...base, crossOriginIsolated: true })).toBeNull();
    expect(isolationReload({ ...base, pathname: "/lobby" })).toBeNull();
    expect(isolationReload({ ...base, search: "?mode=zoom" })).toBeNull();
    expect(isolationReload({ ...base, useIsolation: false })).toBeNull();
    expect(isolationReload({ ...base, desktop: false })).toBeNull();
  });
});

describe("the stored angle", () => {
  it("is kept in session storage, and in local storage only with functional consent", () => {
    writeAngle({ node: "lobby", yaw: 12.345, pitch: -3 }, false);
    expect(readAngle()).toEqual({ node: "lobby", yaw: 12.3, pitch: -3 });
    expect(window.localStorage.getItem("pano_angle")).toBeNull();
    writeAngle({ node: "expo", yaw: 90, pitch: 0 }, true);
    window.sessionStorage.clear();
    expect(readAngle()).toEqual({ node: "expo", yaw: 90, pitch: 0 });
  });
  it("ignores a broken value", () => {
    window.sessionStorage.setItem("pano_angle", "{oops");
    expect(readAngle()).toBeNull();
  });
});
