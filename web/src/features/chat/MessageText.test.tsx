import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessageText } from "./MessageText";

const CORPUS = [
  "<script>window.__xss = 1</script>",
  '<img src=x onerror="window.__xss=1">',
  "[click me](javascript:window.__xss=1)",
  "[click me](JAVASCRIPT:window.__xss=1)",
  "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  '"><svg onload=window.__xss=1>',
  "javascript:window.__xss=1",
  "&lt;b&gt;bold&lt;/b&gt;",
];

describe("MessageText", () => {
  it.each(CORPUS)("renders %s as inert text", (text) => {
    const { container } = render(
      <p>
        <MessageText text={text} />
      </p>,
    );
    expect(container.querySelectorAll("script, img, svg, iframe, b")).toHaveLength(0);
    for (const a of container.querySelectorAll("a")) expect(a.getAttribute("href")).toMatch(/^(https?|mailto):/);
    expect(container.textContent).toBe(text);
  });

  it("renders safe links with noopener noreferrer and the label as text", () => {
    const { container } = render(<MessageText text="see [the <b>FAQ</b>](https://example.org/faq) or mailto:a@example.org" />);
    const link = container.querySelector("a");
    expect(link?.getAttribute("href")).toBe("https://example.org/faq");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(link?.textContent).toBe("the <b>FAQ</b>");
    expect(container.querySelector("b")).toBeNull();
  });
});
