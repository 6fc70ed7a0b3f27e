import { describe, expect, it } from "vitest";
import { findNode, nodeName, parsePanoXmlDefaults, parseTour, roomSegment, tourAsset } from "./tour";
import { fixturePanoXml, fixtureTour } from "./test/fixture-tour";

describe("parseTour", () => {
  const tour = parseTour(fixtureTour);

  it("reads nodes, start node and angles; drops invalid and duplicate nodes", () => {
    expect(tour.startNodeID).toBe("lobby");
    expect(tour.startYaw).toBe(10);
    expect(tour.nodes.map((n) => n.id)).toEqual(["lobby", "auditorium"]);
    const lobby = tour.nodes[0];
    expect(lobby?.panorama).toBe("images/lobby.jpg");
    expect(lobby?.customID).toBe("welcome-hall");
  });

  it("keeps links to nodes of the tour only", () => {
    expect(tour.nodes[0]?.links).toEqual([{ nodeID: "auditorium", yaw: 90, pitch: -4 }]);
  });

  it("reads screens, web elements of known types, components; clamps bad angles to 0", () => {
    const [lobby, auditorium] = tour.nodes;
    expect(auditorium?.screens).toEqual([{ screenID: "auditorium-screen", yaw: 0, pitch: 6, width: 40, height: 22 }]);
    expect(auditorium?.components).toEqual(["cinema"]);
    expect(auditorium?.startYaw).toBe(0);
    expect(lobby?.webElements.map((w) => [w.id, w.type, w.defaultValue])).toEqual([
      ["Screen_01", "image", "assets/sponsor.png"],
      ["Screen_02", "link", "https://example.org"],
    ]);
  });

  it("refuses other format versions and empty tours", () => {
    expect(() => parseTour({ ...fixtureTour, FormatVersion: 2 })).toThrow();
    expect(() => parseTour({ FormatVersion: 1, Nodes: [] })).toThrow();
    expect(() => parseTour("nope")).toThrow();
  });

  it("falls back to the first node when the start node is unknown", () => {
    expect(parseTour({ ...fixtureTour, StartNodeID: "ghost" }).startNodeID).toBe("lobby");
  });
});

describe("rooms", () => {
  const tour = parseTour(fixtureTour);
  it("finds a node by id or custom id, without regard to case", () => {
    expect(findNode(tour, "AUDITORIUM")?.id).toBe("auditorium");
    expect(findNode(tour, "Welcome-Hall")?.id).toBe("lobby");
    expect(findNode(tour, "lobby")?.id).toBe("lobby");
    expect(findNode(tour, "cellar")).toBeNull();
    expect(findNode(tour, undefined)).toBeNull();
  });
  it("routes by custom id when there is one", () => {
    expect(roomSegment(tour.nodes[0] as never)).toBe("welcome-hall");
    expect(roomSegment(tour.nodes[1] as never)).toBe("auditorium");
  });
  it("names nodes in the language, else English", () => {
    expect(nodeName(tour.nodes[0] as never, "de")).toBe("Foyer");
    expect(nodeName(tour.nodes[1] as never, "de")).toBe("Auditorium");
  });
  it("resolves assets under the PanoURL", () => {
    expect(tourAsset("/tours/p/1/", "images/lobby.jpg")).toBe("/tours/p/1/images/lobby.jpg");
    expect(tourAsset("/tours/p/1", "images/lobby.jpg")).toBe("/tours/p/1/images/lobby.jpg");
    expect(tourAsset("/tours/p/1/", "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
  });
  it("leaves files the server stores (uploaded web-element images) where they are", () => {
    expect(tourAsset("/tours/p/1/", "/api/v1/files/abc123")).toBe("/api/v1/files/abc123");
  });
});

describe("pano.xml defaults", () => {
  it("reads webelement defaults", () => {
    const defaults = parsePanoXmlDefaults(fixturePanoXml);
    expect(defaults.get("Screen_01")).toBe("assets/sponsor-from-xml.png");
    expect(defaults.get("Screen_02")).toBe("https://example.org/xml");
  });
  it("yields nothing for a broken file", () => {
    expect(parsePanoXmlDefaults("<tour><node>").size).toBe(0);
  });
});
