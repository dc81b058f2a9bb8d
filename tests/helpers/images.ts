import { crc32, deflateSync } from "node:zlib";

/**
 * Real image bytes for the screenshot tests. The PNG is built here (zlib); the JPEG and WebP
 * files were encoded by Chromium from an 8 × 6 canvas (blue with a yellow box), so browsers and the
 * server read them as real images. WebP variants whose first chunk is VP8 or VP8L are cut from
 * Chromium's VP8X files.
 */

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid RGB PNG of the given size, one colour; `declaredSize` writes other dimensions into IHDR. */
export function pngBytes(
  width = 8,
  height = 6,
  options: { rgb?: [number, number, number]; declaredSize?: [number, number] } = {},
): Buffer {
  const [r, g, b] = options.rgb ?? [51, 102, 204];
  const ihdr = Buffer.alloc(13);
  const [w, h] = options.declaredSize ?? [width, height];
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** 8 × 6, baseline JPEG with an ICC profile. */
export const JPEG_BYTES = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAfEAAABQQDAAAAAAAAAAAAAAAAAQIDBBIhMWEFERP/xAAVAQEBAAAAAAAAAAAAAAAAAAAGB//EAB0RAQABBAMBAAAAAAAAAAAAAAECAAMRITFBUdH/2gAMAwEAAhEDEQA/AIbsiIrjGWG4VExKu1yfUzrK9qMFkr62AAKBatRtCRztXavPmVweBo6CjUpMuflf/9k=",
  "base64",
);

/** 8 × 6, lossy WebP in the extended format (VP8X, ICC, VP8). */
export const WEBP_VP8X_BYTES = Buffer.from(
  "UklGRkwCAABXRUJQVlA4WAoAAAAgAAAABwAABQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggXgAAALACAJ0BKggABgABQCYlsAJ0ugH4AIAA/TMGlsFwIAD8PIWVfYnpAk4n9aJf5TvCytWN5qksmv/NDCN/UB9f/j/jAQ7Lv/ktL8tD5aH7n3/is7d9AhvbNWuaEOo4AAA=",
  "base64",
);

/** 8 × 6, lossless WebP in the extended format (VP8X, ICC, VP8L). */
export const WEBP_LOSSLESS_VP8X_BYTES = Buffer.from(
  "UklGRgQCAABXRUJQVlA4WAoAAAAgAAAABwAABQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDhMFQAAAC8HQAEAD1CzzzCfhnn+w8FwRPQ/GAA=",
  "base64",
);

/** The simple WebP format: RIFF, WEBP and the one image chunk (`VP8 ` or `VP8L`) of a VP8X file. */
export function simpleWebp(extended: Buffer): Buffer {
  let at = 12;
  while (at + 8 <= extended.length) {
    const type = extended.toString("ascii", at, at + 4);
    const size = extended.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (type === "VP8 " || type === "VP8L") {
      const image = extended.subarray(at, end);
      const head = Buffer.alloc(12);
      head.write("RIFF", 0, "ascii");
      head.writeUInt32LE(4 + image.length, 4);
      head.write("WEBP", 8, "ascii");
      return Buffer.concat([head, image]);
    }
    at = end;
  }
  throw new Error("no VP8 or VP8L chunk");
}

/** A GIF89a, 1 × 1: a real image of a type screenshots do not accept. */
export const GIF_BYTES = Buffer.from(
  "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==",
  "base64",
);
