import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";
import * as packet from "dns-packet";

export interface TestDnsServer {
  /** For DNS_SERVERS: `127.0.0.1:<port>`. */
  address: string;
  /** Publishes a TXT record (as a domain's owner would at their DNS host). */
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
}

/**
 * A real DNS server on UDP for tests, answering TXT questions from what the test published (and
 * NXDOMAIN for anything else): the server's domain verification asks it through node's resolver,
 * as it asks the Internet's in production.
 */
export async function startDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const socket = createSocket("udp4");
  socket.on("message", (message, remote) => {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const values = question ? records.get(question.name.toLowerCase()) : undefined;
    const answers: packet.Answer[] =
      question && question.type === "TXT" && values
        ? values.map((value) => ({ type: "TXT", name: question.name, ttl: 1, class: "IN", data: [value] }))
        : [];
    const response = packet.encode({
      type: "response",
      id: query.id,
      // Recursion desired and available; NXDOMAIN (rcode 3) for a name nobody published.
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (values ? 0 : 3),
      questions: query.questions,
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setTxt(name, values) {
      records.set(name.toLowerCase(), values);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
