import type { Locator, Page } from "playwright-core";
import { expectVisible } from "../../helpers/e2e.ts";
import { button } from "./common.ts";

/** The Team tab (/app/team): members with their roles, pending invites, the Invite and Edit Team dialogs. */
export class TeamPage {
  constructor(
    readonly page: Page,
    private readonly appUrl: string,
  ) {}

  async goto() {
    await this.page.goto(`${this.appUrl}/app/team`);
    await expectVisible(this.page.getByRole("heading", { name: "Members", exact: true }));
  }

  get members(): Locator {
    return this.page.getByRole("list", { name: "Members" });
  }

  /** A member's row, named by the member's full name. */
  member(name: string): Locator {
    return this.members.getByRole("listitem", { name, exact: true });
  }

  /** The members' names in the order shown. */
  memberNames(): Promise<(string | null)[]> {
    return this.members
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
  }

  /** The owner's Admin/Reviewer choice for a member. */
  roleOf(name: string): Locator {
    return this.page.getByLabel(`Role of ${name}`, { exact: true });
  }

  removeMemberButton(name: string): Locator {
    return button(this.page, `Remove ${name}`);
  }

  get invites(): Locator {
    return this.page.getByRole("list", { name: "Invites" });
  }

  invite(email: string): Locator {
    return this.invites.getByRole("listitem", { name: email });
  }

  removeInviteButton(email: string): Locator {
    return button(this.page, `Remove invite for ${email}`);
  }

  get search(): Locator {
    return this.page.getByLabel("Search members", { exact: true });
  }

  get inviteDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Invite Team Member" });
  }

  /** Opens the Invite dialog, fills the address and sends it (the dialog may stay open on an error). */
  async sendInvite(email: string) {
    await button(this.page, "Invite").click();
    await expectVisible(this.inviteDialog);
    await this.inviteDialog.getByLabel("Email", { exact: true }).fill(email);
    await this.inviteDialog.getByRole("button", { name: "Send invite" }).click();
  }

  get editTeamDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Edit Team" });
  }

  /** The confirmation of a removal or deletion. */
  get confirm(): Locator {
    return this.page.getByRole("alertdialog");
  }
}
