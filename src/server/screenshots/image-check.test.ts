import { describe, expect, it } from "vitest";
import {
  GIF_BYTES,
  JPEG_BYTES,
  pngBytes,
  simpleWebp,
  WEBP_LOSSLESS_VP8X_BYTES,
  WEBP_VP8X_BYTES,
} from "../../../tests/helpers/images.ts";
import { AppError } from "../errors.ts";
import { checkScreenshot, MAX_SCREENSHOT_PIXELS, NOT_AN_IMAGE, provenImageType } from "./image-check.ts";

const MB = 1024 * 1024;

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("provenImageType", () => {
  it("reads the type and size of PNG, JPEG and every WebP variant from the bytes", () => {
    expect(provenImageType(pngBytes(20, 10))).toEqual({ mime: "image/png", width: 20, height: 10 });
    expect(provenImageType(JPEG_BYTES)).toEqual({ mime: "image/jpeg", width: 8, height: 6 });
    expect(provenImageType(WEBP_VP8X_BYTES)).toEqual({ mime: "image/webp", width: 8, height: 6 });
    expect(provenImageType(simpleWebp(WEBP_VP8X_BYTES))).toEqual({ mime: "image/webp", width: 8, height: 6 });
    expect(provenImageType(simpleWebp(WEBP_LOSSLESS_VP8X_BYTES))).toEqual({
      mime: "image/webp",
      width: 8,
      height: 6,
    });
  });

  it("knows nothing else: GIF, HTML, SVG, text, empty", () => {
    for (const bytes of [
      GIF_BYTES,
      Buffer.from("<!doctype html><script>alert(1)</script>"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from("just text"),
      Buffer.alloc(0),
    ]) {
      expect(provenImageType(bytes)).toBeUndefined();
    }
  });

  it("refuses a PNG whose IHDR is cut short, has a wrong CRC, lacks IEND or carries another file", () => {
    const png = pngBytes(4, 4);
    // The signature and the start of IHDR, then HTML: a polyglot that only looks like a PNG.
    const polyglot = Buffer.concat([png.subarray(0, 20), Buffer.from("<html><script>alert(1)</script>")]);
    expect(provenImageType(polyglot)).toBeUndefined();
    expect(provenImageType(png.subarray(0, 30))).toBeUndefined();
    const badCrc = Buffer.from(png);
    badCrc[29] = (badCrc[29] ?? 0) ^ 0xff;
    expect(provenImageType(badCrc)).toBeUndefined();
    expect(provenImageType(png.subarray(0, png.length - 12))).toBeUndefined();
    expect(provenImageType(Buffer.concat([png, Buffer.from("<html></html>")]))).toBeUndefined();
  });

  it("refuses a JPEG without a frame header before its scan, or with a segment past the end", () => {
    expect(
      provenImageType(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 2, 3, 4, 5, 6])),
    ).toBeUndefined();
    expect(provenImageType(JPEG_BYTES.subarray(0, 40))).toBeUndefined();
    expect(provenImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x7f, 0xff, 0, 0]))).toBeUndefined();
  });

  it("refuses a WebP whose RIFF size is larger than the file or whose first chunk is unknown", () => {
    const webp = simpleWebp(WEBP_VP8X_BYTES);
    expect(provenImageType(webp.subarray(0, webp.length - 4))).toBeUndefined();
    const unknown = Buffer.from(webp);
    unknown.write("ABCD", 12, "ascii");
    expect(provenImageType(unknown)).toBeUndefined();
  });
});

describe("checkScreenshot", () => {
  it("accepts an image with no type, a generic type or its own type", () => {
    for (const declaredType of [undefined, "", "application/octet-stream", "image/png"]) {
      expect(checkScreenshot(pngBytes(), { maxBytes: MB, declaredType }).mime).toBe("image/png");
    }
    expect(checkScreenshot(JPEG_BYTES, { maxBytes: MB, declaredType: "image/jpg" }).mime).toBe("image/jpeg");
  });

  it("refuses what is not an image with the one message", () => {
    const error = refusal(() => checkScreenshot(GIF_BYTES, { maxBytes: MB, declaredType: "image/gif" }));
    expect(error).toMatchObject({ code: "validation_failed", message: NOT_AN_IMAGE });
    expect(refusal(() => checkScreenshot(Buffer.from("<html>"), { maxBytes: MB })).message).toBe(
      NOT_AN_IMAGE,
    );
  });

  it("refuses a PNG the client calls something else", () => {
    const error = refusal(() => checkScreenshot(pngBytes(), { maxBytes: MB, declaredType: "text/html" }));
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe(`${NOT_AN_IMAGE}: it was sent as text/html but its contents are image/png`);
    expect(
      refusal(() => checkScreenshot(pngBytes(), { maxBytes: MB, declaredType: "image/jpeg" })).code,
    ).toBe("validation_failed");
  });

  it("refuses a file over the size limit with the limit in the message (413)", () => {
    const error = refusal(() => checkScreenshot(pngBytes(40, 40), { maxBytes: 100 }));
    expect(error).toMatchObject({ code: "payload_too_large", status: 413 });
    expect(error.message).toBe("The screenshot is larger than the 1 KB limit");
    expect(refusal(() => checkScreenshot(Buffer.alloc(6 * MB), { maxBytes: 5 * MB })).message).toBe(
      "The screenshot is larger than the 5 MB limit",
    );
  });

  it("refuses an image whose header claims more than the pixel limit (a decompression bomb)", () => {
    // 8 × 6 pixels of data, 10,000 × 5,000 declared: nobody decodes it to find out.
    const bomb = pngBytes(8, 6, { declaredSize: [10_000, 5_000] });
    const error = refusal(() => checkScreenshot(bomb, { maxBytes: MB }));
    expect(error.code).toBe("validation_failed");
    expect(error.message).toContain("10,000 × 5,000 pixels");
    expect(10_000 * 5_000).toBeGreaterThan(MAX_SCREENSHOT_PIXELS);
    expect(checkScreenshot(pngBytes(8, 6, { declaredSize: [8_000, 5_000] }), { maxBytes: MB }).width).toBe(
      8_000,
    );
  });
});
