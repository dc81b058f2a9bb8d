/**
 * Leaves the app for the billing provider's hosted page (checkout or portal). One function of its own
 * so that tests can replace it: jsdom cannot navigate.
 */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
