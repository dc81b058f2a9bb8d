import { promises as dns, lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { AppError } from "../errors.ts";

/**
 * Where a webhook may not point unless WEBHOOK_ALLOW_PRIVATE=1: anything but a public unicast
 * address. Otherwise anyone managing a project could make the server call its own host and
 * network (loopback, private, carrier-grade NAT, link-local with the cloud metadata address,
 * unique-local) and read their answers in the delivery log.
 *
 * The ranges are IANA's special-purpose registries as ipaddr.js keeps them (documentation and
 * benchmarking networks such as TEST-NET 192.0.2.0/24 included): an address whose range is not
 * `unicast` is refused. An IPv6 address that carries an IPv4 address, and reaches it, is judged
 * as that IPv4 address (issue 32: `[64:ff9b::7f00:1]` reached 127.0.0.1 through NAT64):
 * IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, the deprecated
 * IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`, and
 * Teredo `2001::/32` (its server and its client, whose address is stored inverted).
 */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zeros(0, 5) && (p[5] === 0xffff || p[5] === 0)) return [v4(p[6] ?? 0, p[7] ?? 0)];
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return [v4(p[6] ?? 0, p[7] ?? 0)];
  if (p[0] === 0x64 && p[1] === 0xff9b) return [v4(p[6] ?? 0, p[7] ?? 0)];
  if (p[0] === 0x2002) return [v4(p[1] ?? 0, p[2] ?? 0)];
  if (p[0] === 0x2001 && p[1] === 0) {
    return [v4(p[2] ?? 0, p[3] ?? 0), v4((p[6] ?? 0) ^ 0xffff, (p[7] ?? 0) ^ 0xffff)];
  }
  return [];
}

/** Why an address is not public (its range, or the IPv4 address it carries), or undefined. */
export function privateReason(address: string): string | undefined {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return "not an IP address";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") {
    const range = parsed.range();
    return range === "unicast" ? undefined : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  if (v6.range() === "loopback" || v6.range() === "unspecified") return v6.range();
  const carried = carriedIPv4(v6);
  if (carried.length > 0) {
    const refused = carried.find((v4) => v4.range() !== "unicast");
    return refused && `it carries the ${refused.range()} address ${refused.toString()}`;
  }
  const range = v6.range();
  return range === "unicast" ? undefined : range;
}

export function isPrivateAddress(address: string): boolean {
  return privateReason(address) !== undefined;
}

function hostOf(url: URL): string {
  // `new URL("http://[::1]/").hostname` keeps the brackets.
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * Checks a hook's URL when it is saved: http(s), and (unless private addresses are allowed) every
 * address its host resolves to is public. Deliveries check again as they connect (`guardedLookup`),
 * so a name that later resolves elsewhere is still refused.
 */
export async function checkWebhookUrl(value: string, allowPrivate: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError("validation_failed", "The webhook URL must be an http:// or https:// URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AppError("validation_failed", "The webhook URL must be an http:// or https:// URL");
  }
  if (url.username || url.password) {
    throw new AppError("validation_failed", "The webhook URL must not contain a user name or password");
  }
  if (allowPrivate) return;
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((entry) => entry.address);
    } catch {
      throw new AppError("validation_failed", `The webhook URL's host ${host} could not be resolved`);
    }
  }
  for (const address of addresses) {
    const reason = privateReason(address);
    if (reason !== undefined) {
      throw new AppError(
        "validation_failed",
        `The webhook URL points at a private or loopback address (${address}: ${reason}); only public addresses are allowed`,
      );
    }
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses private addresses: the address checked is the address
 * connected to, so DNS cannot answer a public address to the check and a private one to the call.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((entry) => isPrivateAddress(entry.address));
      if (refused) {
        const denied: NodeJS.ErrnoException = new Error(
          `refused: ${hostname} resolves to the private or loopback address ${refused.address} (${privateReason(refused.address)})`,
        );
        denied.code = "EPRIVATE";
        return callback(denied, []);
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}
