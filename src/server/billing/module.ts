import type { Core } from "../modules/feature-module.ts";
import { createBillingService } from "./billing-service.ts";
import { billingRoutes, billingWebhookRoutes } from "./routes.ts";
import { billingProviderFromConfig } from "./stripe-provider.ts";
import { createWebhookHandler } from "./webhooks.ts";

export function billingModule(core: Core) {
  const { config, db, access, logger } = core;
  const provider = billingProviderFromConfig(config);
  logger.info({ provider: provider?.name ?? "none" }, "billing provider");
  const billing = createBillingService({
    db,
    access,
    provider,
    publicUrl: config.publicUrl,
    trialDays: config.BILLING_TRIAL_DAYS,
    logger,
  });
  const webhooks = createWebhookHandler({ db, provider, billing, logger });
  return {
    name: "billing",
    routes: billingRoutes(billing),
    // Authorized by the provider's signature, not a session.
    signedRoutes: billingWebhookRoutes(webhooks),
    billing,
  };
}
