import { inflateRawSync } from "node:zlib";
import { CliError, EXIT } from "./exit.mjs";

/** The entries of a zip (stored or deflated), by name. Enough for the zips Sprog writes. */
export function unzip(buffer) {
  const minEnd = Math.max(0, buffer.length - 22 - 0xffff);
  let end = -1;
  for (let i = buffer.length - 22; i >= minEnd; i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new CliError("The server's answer is not a zip file", EXIT.failed);
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files = [];
  for (let n = 0; n < count; n++) {
    if (buffer.readUInt32LE(at) !== 0x02014b50) throw new CliError("The zip file is damaged", EXIT.failed);
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localHeader = buffer.readUInt32LE(at + 42);
    const name = buffer.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (buffer.readUInt32LE(localHeader) !== 0x04034b50)
      throw new CliError("The zip file is damaged", EXIT.failed);
    const start =
      localHeader + 30 + buffer.readUInt16LE(localHeader + 26) + buffer.readUInt16LE(localHeader + 28);
    const data = buffer.subarray(start, start + compressedSize);
    if (name.endsWith("/")) continue;
    if (method !== 0 && method !== 8)
      throw new CliError(`Unsupported compression in the zip (${name})`, EXIT.failed);
    files.push({ name, bytes: method === 0 ? data : inflateRawSync(data) });
  }
  return files;
}
