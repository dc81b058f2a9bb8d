// @vitest-environment node
import { describe, expect, it } from "vitest";
import { rectangleInImage } from "./screenshot.ts";

const view = { left: 0, top: 0, right: 800, bottom: 600 };

describe("rectangleInImage", () => {
  it("scales a text's box by the device pixel ratio", () => {
    expect(rectangleInImage({ left: 10, top: 20, right: 110, bottom: 44 }, view, 2)).toEqual({
      x: 20,
      y: 40,
      width: 200,
      height: 48,
    });
  });

  it("measures from the captured part's corner (a body with a margin)", () => {
    const body = { left: 8, top: 8, right: 792, bottom: 600 };
    expect(rectangleInImage({ left: 18, top: 28, right: 118, bottom: 48 }, body, 1)).toEqual({
      x: 10,
      y: 20,
      width: 100,
      height: 20,
    });
  });

  it("cuts a box that reaches out of the window to the image", () => {
    expect(rectangleInImage({ left: -50, top: 580, right: 100, bottom: 700 }, view, 1.5)).toEqual({
      x: 0,
      y: 870,
      width: 150,
      height: 30,
    });
  });

  it("keeps at least one pixel for a box outside the window", () => {
    expect(rectangleInImage({ left: 900, top: 700, right: 950, bottom: 720 }, view, 1)).toEqual({
      x: 799,
      y: 599,
      width: 1,
      height: 1,
    });
  });
});
