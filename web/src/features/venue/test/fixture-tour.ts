/** A small tour in the package format (docs/formats/tour-package.md) for the venue tests. */
export const fixtureTour = {
  FormatVersion: 1,
  Title: "Fixture venue",
  StartNodeID: "lobby",
  StartYaw: 10,
  StartPitch: 0,
  Nodes: [
    {
      ID: "lobby",
      CustomID: "welcome-hall",
      Name: { en: "Lobby", de: "Foyer" },
      Panorama: "images/lobby.jpg",
      Links: [
        { NodeID: "auditorium", Yaw: 90, Pitch: -4 },
        { NodeID: "nowhere", Yaw: 0, Pitch: 0 },
      ],
      WebElements: [
        { ID: "Screen_01", Type: "image", Yaw: -60, Pitch: 4, Width: 20, Height: 12, Default: "assets/sponsor.png" },
        { ID: "Screen_02", Type: "link", Yaw: 60, Pitch: 0, Default: "https://example.org" },
        { ID: "Screen_03", Type: "video", Yaw: 0, Pitch: 0 },
      ],
    },
    {
      ID: "auditorium",
      Name: { en: "Auditorium" },
      Panorama: "images/auditorium.jpg",
      StartYaw: 400,
      Links: [{ NodeID: "lobby", Yaw: -90, Pitch: 0 }],
      Screens: [{ ScreenID: "auditorium-screen", Yaw: 0, Pitch: 6, Width: 40, Height: 22 }],
      Components: ["cinema", "stage"],
    },
    { ID: "bad id!", Panorama: "images/x.jpg" },
    { ID: "lobby", Panorama: "images/duplicate.jpg" },
  ],
};

export const fixturePanoXml = `<?xml version="1.0"?>
<tour><node id="lobby">
  <webelement id="Screen_01" type="image" default="assets/sponsor-from-xml.png"/>
  <webelement id="Screen_02" type="link" default="https://example.org/xml"/>
</node></tour>`;
