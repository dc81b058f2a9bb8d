import type { SSO_ROLES } from "../../../../shared/schemas/sso.ts";

/** The roles single sign-on gives, as the Team screen names them. */
export const SSO_ROLE_LABELS: Record<(typeof SSO_ROLES)[number], string> = {
  reviewer: "Reviewer",
  admin: "Admin",
};
