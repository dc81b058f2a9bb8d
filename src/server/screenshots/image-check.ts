import { crc32 } from "node:zlib";
import { AppError } from "../errors.ts";

/**
 * What an uploaded screenshot is, decided from its bytes alone. The client's Content-Type and file
 * name are never trusted: a file is served later with the type proven here, so an HTML page or an
 * SVG named `.png` can never come back as something a browser would run. The structure is walked
 * without decoding pixels (cheap, and no decoder sees a hostile file), and the dimensions are read
 * from the header so a decompression bomb (a few KB that decode to gigapixels) is refused up front.
 */

export type ScreenshotMime = "image/png" | "image/jpeg" | "image/webp";

export const SCREENSHOT_MIMES: readonly ScreenshotMime[] = ["image/png", "image/jpeg", "image/webp"];

export interface ProvenImage {
  mime: ScreenshotMime;
  width: number;
  height: number;
}

/** 40 megapixels: a 5K screen twice over; larger is refused before anyone decodes it. */
export const MAX_SCREENSHOT_PIXELS = 40_000_000;

export const NOT_AN_IMAGE = "This file is not a PNG, JPEG or WebP image";

export function isScreenshotMime(value: string): value is ScreenshotMime {
  return (SCREENSHOT_MIMES as readonly string[]).includes(value);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

function view(bytes: Uint8Array) {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * PNG: the signature, IHDR first with its 13 bytes and a correct CRC, then every chunk fits in the
 * file, at least one IDAT, and IEND last with nothing after it (a file cut short, or with another
 * file appended to make a polyglot, is refused).
 */
function readPng(bytes: Uint8Array): ProvenImage | undefined {
  if (bytes.length < 8 + 25 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return undefined;
  const data = view(bytes);
  if (data.getUint32(8) !== 13 || ascii(bytes, 12, 4) !== "IHDR") return undefined;
  if (crc32(bytes.subarray(12, 12 + 4 + 13)) !== data.getUint32(12 + 4 + 13)) return undefined;
  const width = data.getUint32(16);
  const height = data.getUint32(20);
  let at = 8;
  let sawData = false;
  while (at + 12 <= bytes.length) {
    const length = data.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return undefined;
    if (type === "IDAT") sawData = true;
    if (type === "IEND")
      return end === bytes.length && sawData ? { mime: "image/png", width, height } : undefined;
    at = end;
  }
  return undefined;
}

/** The start-of-frame markers (SOF0–SOF15 but DHT C4, JPG C8 and DAC CC), which carry the size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * JPEG: SOI, then the marker segments up to the start of scan, each fitting in the file; a
 * start-of-frame before the scan gives the size.
 */
function readJpeg(bytes: Uint8Array): ProvenImage | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return undefined;
  const data = view(bytes);
  let size: { width: number; height: number } | undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes before a marker, and the markers that stand alone (TEM, RSTn).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9) return undefined;
    const length = data.getUint16(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return undefined;
    if (isStartOfFrame(marker)) {
      if (length < 8) return undefined;
      size = { height: data.getUint16(at + 5), width: data.getUint16(at + 7) };
    }
    if (marker === 0xda) return size ? { mime: "image/jpeg", ...size } : undefined;
    at += 2 + length;
  }
  return undefined;
}

const uint24le = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);

/** WebP: RIFF…WEBP whose size fits the file, and a first chunk VP8X, VP8 or VP8L that gives the size. */
function readWebp(bytes: Uint8Array): ProvenImage | undefined {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return undefined;
  const data = view(bytes);
  const riffSize = data.getUint32(4, true);
  if (riffSize < 4 + 8 + 10 || riffSize + 8 > bytes.length) return undefined;
  const chunk = ascii(bytes, 12, 4);
  const chunkSize = data.getUint32(16, true);
  if (20 + chunkSize > riffSize + 8) return undefined;
  const at = 20;
  if (chunk === "VP8X") {
    if (chunkSize < 10) return undefined;
    return { mime: "image/webp", width: uint24le(bytes, at + 4) + 1, height: uint24le(bytes, at + 7) + 1 };
  }
  if (chunk === "VP8 ") {
    // A key frame: the 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
    if (chunkSize < 10 || bytes[at + 3] !== 0x9d || bytes[at + 4] !== 0x01 || bytes[at + 5] !== 0x2a) {
      return undefined;
    }
    return {
      mime: "image/webp",
      width: data.getUint16(at + 6, true) & 0x3fff,
      height: data.getUint16(at + 8, true) & 0x3fff,
    };
  }
  if (chunk === "VP8L") {
    // The signature 0x2F, then width-1 and height-1 in 14 bits each, least significant bit first.
    if (chunkSize < 5 || bytes[at] !== 0x2f) return undefined;
    const bits = data.getUint32(at + 1, true);
    return { mime: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

/** What the bytes prove they are, or undefined when they are none of PNG, JPEG and WebP. */
export function provenImageType(bytes: Uint8Array): ProvenImage | undefined {
  return readPng(bytes) ?? readJpeg(bytes) ?? readWebp(bytes);
}

/** Types a client may name for an image: the proven one, or none (an empty or generic type). */
const ALIASES: Record<string, ScreenshotMime> = { "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg" };
const GENERIC_TYPES = new Set(["", "application/octet-stream"]);

/** 5 MB, 2.5 MB, 100 KB: the limit as a person would say it. */
export function formatByteLimit(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/**
 * The checks an upload passes before it is stored: the size limit, a type proven by the bytes that
 * agrees with any type the client declared, and at most MAX_SCREENSHOT_PIXELS pixels.
 */
export function checkScreenshot(
  bytes: Uint8Array,
  options: { maxBytes: number; declaredType?: string | undefined },
): ProvenImage {
  if (bytes.length === 0) throw new AppError("validation_failed", "The file is empty");
  if (bytes.length > options.maxBytes) {
    throw new AppError(
      "payload_too_large",
      `The screenshot is larger than the ${formatByteLimit(options.maxBytes)} limit`,
    );
  }
  const image = provenImageType(bytes);
  if (!image) throw new AppError("validation_failed", NOT_AN_IMAGE);
  const declared = (options.declaredType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!GENERIC_TYPES.has(declared) && (ALIASES[declared] ?? declared) !== image.mime) {
    throw new AppError(
      "validation_failed",
      `${NOT_AN_IMAGE}: it was sent as ${declared} but its contents are ${image.mime}`,
    );
  }
  if (image.width < 1 || image.height < 1) throw new AppError("validation_failed", NOT_AN_IMAGE);
  if (image.width * image.height > MAX_SCREENSHOT_PIXELS) {
    throw new AppError(
      "validation_failed",
      `The image is too large: ${image.width.toLocaleString("en")} × ${image.height.toLocaleString("en")} pixels (at most ${MAX_SCREENSHOT_PIXELS / 1_000_000} megapixels)`,
    );
  }
  return image;
}
