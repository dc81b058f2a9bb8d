import { promises as dns, lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { AppError } from "../errors.ts";

/**
 * Where a webhook may not point unless WEBHOOK_ALLOW_PRIVATE=1: the server's own host and network
 * (loopback, private, carrier-grade NAT, link-local with the cloud metadata address, unique-local,
 * unspecified, multicast and reserved). Otherwise anyone managing a project could make the server
 * call its neighbours and read their answers in the delivery log.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? address;
}

export function isPrivateAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return true;
  return blocked.check(plain, family === 4 ? "ipv4" : "ipv6");
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
  const refused = addresses.find(isPrivateAddress);
  if (refused !== undefined) {
    throw new AppError(
      "validation_failed",
      `The webhook URL points at a private or loopback address (${refused}); only public addresses are allowed`,
    );
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
          `refused: ${hostname} resolves to the private or loopback address ${refused.address}`,
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
