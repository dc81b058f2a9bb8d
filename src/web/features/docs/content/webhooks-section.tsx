import { WEBHOOK_EVENTS } from "../../../../shared/schemas/webhooks.ts";
import { Code, CodeBlock, DocSection, List, P, SubHeading } from "../components/prose.tsx";
import { WEBHOOK_BODY_EXAMPLE, WEBHOOK_VERIFY_NODE, WEBHOOK_VERIFY_PYTHON } from "./webhook-examples.ts";

/** Section `webhooks` of the docs topic api: what a receiver gets and how it checks it. */
export function WebhooksSection() {
  return (
    <DocSection id="webhooks" title="Webhooks">
      <P>
        Project Settings → Webhooks (owners and admins), or <Code>/api/v1/webhooks</Code> with an API key that
        has the <Code>webhooks:manage</Code> scope, sends changes to your tools as they happen. A hook has an
        http(s) URL, the events it wants and a signing secret, shown once when it is made. Addresses in
        loopback, private, link-local or unique-local ranges are refused unless the server runs with{" "}
        <Code>WEBHOOK_ALLOW_PRIVATE=1</Code>.
      </P>
      <P>
        Events: {WEBHOOK_EVENTS.join(", ")}. "Send test" sends the event <Code>ping</Code>.
      </P>
      <List>
        <li>
          <Code>string.updated</Code> is gathered: the strings one project changed within about a second
          arrive as one delivery listing their key ids and languages, so a batch or an import does not send
          one per string.
        </li>
        <li>
          Each delivery is a <Code>POST</Code> of JSON with the headers <Code>X-Sprog-Event</Code>,{" "}
          <Code>X-Sprog-Delivery</Code> (the same on every retry: use it to ignore repeats) and{" "}
          <Code>X-Sprog-Signature</Code>.
        </li>
        <li>
          Answer with a 2xx status within 10 seconds. Otherwise the delivery is tried again, waiting longer
          each time, for 24 hours. A hook that keeps failing is turned off and the project's owners get an
          e-mail saying which hook and why; turn it on again in Project Settings.
        </li>
        <li>The delivery log keeps the last 100 attempts with their status, response code and latency.</li>
      </List>
      <CodeBlock title="A delivery's body">{WEBHOOK_BODY_EXAMPLE}</CodeBlock>

      <SubHeading id="webhooks-signature">Checking the signature</SubHeading>
      <P>
        <Code>X-Sprog-Signature: t=1764149400,v1=5f2c…</Code> is the time it was signed (Unix seconds) and the
        hex HMAC-SHA256 of <Code>{"<t>.<body>"}</Code> keyed with the hook's secret. Compute it over the raw
        body, compare in constant time, and refuse a <Code>t</Code> more than 5 minutes from your clock, so a
        recorded delivery cannot be replayed later.
      </P>
      <CodeBlock title="Node.js">{WEBHOOK_VERIFY_NODE}</CodeBlock>
      <CodeBlock title="Python">{WEBHOOK_VERIFY_PYTHON}</CodeBlock>
    </DocSection>
  );
}
