import { Resolver } from "node:dns/promises";

/** The TXT records of a name, each as its strings joined (a long record comes in 255-byte parts). */
export type TxtResolver = (name: string) => Promise<string[]>;

/**
 * Asks DNS for TXT records: through `servers` (DNS_SERVERS: `host` or `host:port`) when given,
 * else the machine's resolvers. A name with no records answers an empty list, not an error.
 */
export function createTxtResolver(servers?: readonly string[]): TxtResolver {
  const resolver = new Resolver({ timeout: 5000, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      const records = await resolver.resolveTxt(name);
      return records.map((parts) => parts.join(""));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "ENODATA" || code === "ENOTFOUND" || code === "ENONAME") return [];
      throw error;
    }
  };
}
