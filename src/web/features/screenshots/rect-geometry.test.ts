import { describe, expect, it } from "vitest";
import { describeRect, rectFromPoints, rectStyle, toImagePoint } from "./rect-geometry.ts";

const image = { width: 200, height: 100 };

describe("rect geometry", () => {
  it("makes a rectangle from a drag in any direction, rounded and kept inside the image", () => {
    expect(rectFromPoints({ x: 10.4, y: 20.6 }, { x: 50, y: 60 }, image)).toEqual({
      x: 10,
      y: 21,
      width: 40,
      height: 39,
    });
    expect(rectFromPoints({ x: 50, y: 60 }, { x: 10, y: 20 }, image)).toEqual({
      x: 10,
      y: 20,
      width: 40,
      height: 40,
    });
    expect(rectFromPoints({ x: -30, y: -5 }, { x: 500, y: 300 }, image)).toEqual({
      x: 0,
      y: 0,
      width: 200,
      height: 100,
    });
  });

  it("takes a click (a drag under 2 pixels) as no rectangle", () => {
    expect(rectFromPoints({ x: 10, y: 10 }, { x: 11, y: 40 }, image)).toBeNull();
  });

  it("converts between the displayed image and its pixels", () => {
    expect(toImagePoint({ x: 50, y: 25 }, { width: 100, height: 50 }, image)).toEqual({ x: 100, y: 50 });
    expect(toImagePoint({ x: 5, y: 5 }, { width: 0, height: 0 }, image)).toEqual({ x: 0, y: 0 });
    expect(rectStyle({ x: 50, y: 25, width: 100, height: 50 }, image)).toEqual({
      left: "25%",
      top: "25%",
      width: "50%",
      height: "50%",
    });
    expect(describeRect(null)).toBe("the whole image");
    expect(describeRect({ x: 1, y: 2, width: 3, height: 4 })).toBe("3 × 4 pixels at 1, 2");
  });
});
