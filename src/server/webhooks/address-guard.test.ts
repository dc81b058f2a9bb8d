import { describe, expect, it } from "vitest";
import { guardedLookup, isPrivateAddress, privateReason } from "./address-guard.ts";
import { signatureHeader, verifySignature } from "./signature.ts";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fe80::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "not an address",
    // Issue 32: IPv6 forms that carry an IPv4 address, and the IANA ranges that were let through.
    "64:ff9b::7f00:1",
    "64:ff9b::a00:1",
    "64:ff9b:1::a9fe:a9fe",
    "::7f00:1",
    "::ffff:0:7f00:1",
    "2002:7f00:1::",
    "2002:a9fe:a9fe::1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe",
    "2001:0:7f00:1:8000:63bf:3fff:fdd2",
    "192.0.2.1",
    "198.51.100.7",
    "203.0.113.9",
    "198.18.0.1",
    "240.0.0.1",
    "255.255.255.255",
    "224.0.0.1",
    "2001:db8::1",
    "100::1",
    "fec0::1",
    "ff02::1",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "172.32.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    // A public IPv4 address reached through NAT64 or 6to4 is that address.
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("allows %s", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe("privateReason", () => {
  it("names the IPv4 address an IPv6 address carries", () => {
    expect(privateReason("64:ff9b::7f00:1")).toBe("it carries the loopback address 127.0.0.1");
    expect(privateReason("2002:7f00:1::")).toBe("it carries the loopback address 127.0.0.1");
    expect(privateReason("192.0.2.1")).toBe("reserved");
    expect(privateReason("::1")).toBe("loopback");
  });
});

describe("signatures", () => {
  it("verifies a fresh signature and refuses another body, secret or a timestamp over 5 minutes old", () => {
    const now = 1_800_000_000;
    const header = signatureHeader("whsec_a", '{"a":1}', now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature("whsec_a", '{"a":1}', header, now + 299)).toBe(true);
    expect(verifySignature("whsec_a", '{"a":2}', header, now)).toBe(false);
    expect(verifySignature("whsec_b", '{"a":1}', header, now)).toBe(false);
    expect(verifySignature("whsec_a", '{"a":1}', header, now + 301)).toBe(false);
  });
});

describe("guardedLookup", () => {
  const lookup = (allowPrivate: boolean, options: { all?: boolean }) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup(allowPrivate)("localhost", options, (error, address) => resolve({ error, address })),
    );

  it("refuses a name that resolves to a loopback address as the connection is made", async () => {
    const { error } = await lookup(false, {});
    expect(error?.code).toBe("EPRIVATE");
    expect(error?.message).toMatch(/^refused: localhost resolves to the private or loopback address/);
  });

  it("answers the addresses when private ones are allowed, one or all as asked", async () => {
    const one = await lookup(true, {});
    expect(one.error).toBeNull();
    expect(typeof one.address).toBe("string");
    const all = await lookup(true, { all: true });
    expect(Array.isArray(all.address)).toBe(true);
  });
});
