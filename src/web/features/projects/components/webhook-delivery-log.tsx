import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useWebhookDeliveries } from "../api/webhooks.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "short", timeStyle: "medium" });

/** A hook's last 100 attempts, newest first: what was sent, what the receiver answered, how fast. */
export function WebhookDeliveryLog({ projectId, webhookId }: { projectId: string; webhookId: string }) {
  const log = useWebhookDeliveries(projectId, webhookId);
  if (log.isPending) {
    return (
      <div className="flex justify-center py-3">
        <Spinner />
      </div>
    );
  }
  if (log.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(log.error, "Failed to load the delivery log")}
      </p>
    );
  }
  if (log.data.length === 0) {
    return <p className="text-xs text-muted">No deliveries yet. Send a test to try the receiver.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs" aria-label="Delivery log">
        <thead className="text-muted">
          <tr>
            <th className="py-1 pr-3 font-medium">Time</th>
            <th className="py-1 pr-3 font-medium">Event</th>
            <th className="py-1 pr-3 font-medium">Attempt</th>
            <th className="py-1 pr-3 font-medium">Status</th>
            <th className="py-1 pr-3 font-medium">Response</th>
            <th className="py-1 pr-3 font-medium">Latency</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {log.data.map((attempt) => (
            <tr key={attempt.id} className="align-top">
              <td className="py-1 pr-3 whitespace-nowrap">
                {timeFormat.format(new Date(attempt.createdAt))}
              </td>
              <td className="py-1 pr-3 font-mono">{attempt.event}</td>
              <td className="py-1 pr-3">{attempt.attempt}</td>
              <td className="py-1 pr-3">
                <span className={attempt.status === "succeeded" ? "text-success" : "text-danger"}>
                  {attempt.status === "succeeded" ? "Succeeded" : "Failed"}
                </span>
                {attempt.error ? <span className="block text-muted">{attempt.error}</span> : null}
              </td>
              <td className="py-1 pr-3">{attempt.responseCode ?? "—"}</td>
              <td className="py-1 pr-3 whitespace-nowrap">
                {attempt.latencyMs === null ? "—" : `${attempt.latencyMs} ms`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
