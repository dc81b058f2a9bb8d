import type { Locator, Page } from "playwright-core";
import { expectVisible } from "../../helpers/e2e.ts";
import { button } from "./common.ts";
import { OverviewPage } from "./overview-page.ts";
import { ReviewPage, ReviewsPage } from "./reviews-page.ts";
import { TeamPage } from "./team-page.ts";

/** What the screens of the app world show (tests/helpers/app-world.ts), to know they have loaded. */
export interface LoadedWhen {
  /** A key with a German cell in the Overview. */
  key: string;
  reviewTitle: string;
  reviewId: string;
  /** A member and a pending invite on the Team tab. */
  memberName: string;
  invited: string;
}

export type SettingsSection = "General" | "Languages" | "API Access";

/**
 * The signed-in app's screens, each opened by its address and waited for until its content is
 * there, and the dialogs and menus opened from them.
 */
export class AppScreens {
  readonly overview: OverviewPage;
  readonly reviews: ReviewsPage;
  readonly review: ReviewPage;
  readonly team: TeamPage;

  constructor(
    readonly page: Page,
    private readonly appUrl: string,
    private readonly loaded: LoadedWhen,
  ) {
    this.overview = new OverviewPage(page, appUrl);
    this.reviews = new ReviewsPage(page, appUrl);
    this.review = new ReviewPage(page);
    this.team = new TeamPage(page, appUrl);
  }

  dialog(name: string): Locator {
    return this.page.getByRole("dialog", { name });
  }

  async openOverview() {
    await this.overview.goto();
    await expectVisible(this.overview.cell(this.loaded.key, "selected"));
  }

  async openReviews() {
    await this.reviews.goto();
    await expectVisible(this.page.getByRole("link", { name: this.loaded.reviewTitle }));
  }

  async openReview() {
    await this.page.goto(`${this.appUrl}/app/review/${this.loaded.reviewId}`);
    await expectVisible(this.review.heading(this.loaded.reviewTitle));
    await expectVisible(this.review.row(this.loaded.key));
  }

  async openTeam() {
    await this.team.goto();
    await expectVisible(this.team.members.getByText(this.loaded.memberName));
    await expectVisible(this.team.invites.getByText(this.loaded.invited));
  }

  async openTone() {
    await this.page.goto(`${this.appUrl}/app/tone`);
    await expectVisible(this.page.getByRole("textbox", { name: "Product Context" }));
    await expectVisible(this.page.locator('[data-testid="tone-section"]').first());
  }

  /** Clicks `opener` and waits for the dialog it opens. */
  async openDialog(opener: Locator, name: string): Promise<Locator> {
    await opener.click();
    const opened = this.dialog(name);
    await expectVisible(opened);
    return opened;
  }

  async openMenuItem(menuButton: string | RegExp, item: string | RegExp) {
    await button(this.page, menuButton).click();
    await this.page.getByRole("menuitem", { name: item }).click();
  }

  /** The Overview's Project Settings, at a section, once its content is there. */
  async openSettings(section: SettingsSection): Promise<Locator> {
    await this.openOverview();
    await this.overview.toolbarAction("Project settings");
    const settings = this.dialog("Project Settings");
    await expectVisible(settings);
    if (section !== "General") await button(settings, section).click();
    await expectVisible(
      section === "General"
        ? settings.getByLabel("Project name")
        : section === "Languages"
          ? settings.getByRole("list", { name: "Project languages" })
          : button(settings, "Create API key"),
    );
    return settings;
  }
}
