import { act, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useAttendeeStore } from "@/features/events";
import { Avatar } from "./Avatar";
import { useSenderLook } from "./sender";
import type { ChatState } from "./state";

const state = {
  names: {
    me: { PersonID: "me", FullName: "Ada Old", PictureURL: "/api/v1/files/old" },
    bob: { PersonID: "bob", FullName: "Bob B", PictureURL: "/api/v1/files/bob" },
    eve: { PersonID: "eve", FullName: "Eve E" },
  },
} as unknown as ChatState;

describe("how a sender looks in chat", () => {
  afterEach(() => useAttendeeStore.setState({ attendee: null }));

  it("takes others from the names the chat loaded, and the signed-in person from their own record", () => {
    useAttendeeStore.setState({ attendee: { PersonID: "me", FullName: "Ada New", FirstName: "Ada", LastName: "New", PictureURL: "/api/v1/files/new" } });
    const { result } = renderHook(() => useSenderLook());
    expect(result.current(state, "bob")).toEqual({ name: "Bob B", pictureURL: "/api/v1/files/bob" });
    expect(result.current(state, "eve")).toEqual({ name: "Eve E", pictureURL: null });
    expect(result.current(state, "me")).toEqual({ name: "Ada New", pictureURL: "/api/v1/files/new" });
  });

  it("follows a saved profile without a reload: a removed picture leaves the initials", () => {
    useAttendeeStore.setState({ attendee: { PersonID: "me", FullName: "Ada", FirstName: "Ada", LastName: "", PictureURL: "/api/v1/files/new" } });
    const { result } = renderHook(() => useSenderLook());
    act(() => useAttendeeStore.setState({ attendee: { PersonID: "me", FullName: "Ada", FirstName: "Ada", LastName: "", PictureURL: "" } }));
    expect(result.current(state, "me").pictureURL).toBeNull();
  });
});

describe("Avatar", () => {
  it("shows the picture, and the initials when it does not load", () => {
    const { container } = render(<Avatar name="Bob Builder" pictureURL="/api/v1/files/bob" />);
    const picture = container.querySelector("img");
    expect(picture).toHaveAttribute("src", "/api/v1/files/bob");
    expect(picture).toHaveAttribute("alt", "");
    fireEvent.error(picture as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("BB")).toBeInTheDocument();
  });
});
