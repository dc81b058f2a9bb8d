import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { KeyName } from "./key-name.tsx";

afterEach(cleanup);

describe("KeyName", () => {
  it("offers a line break after each separator and before each camelCase word, and reads as the name", () => {
    const name = "settings.notifications.emailDigest";
    render(<KeyName name={name} />);
    const element = screen.getByText(name);
    expect(element.textContent).toBe(name);
    expect(element.querySelectorAll("wbr")).toHaveLength(3);
    expect(element.innerHTML).toBe("settings.<wbr>notifications.<wbr>email<wbr>Digest");
    // Never break-all: a word is cut only when it alone is wider than the column.
    expect(element.className).toContain("wrap-anywhere");
    expect(element.className).not.toContain("break-all");
  });
});
