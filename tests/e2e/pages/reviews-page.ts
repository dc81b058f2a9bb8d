import type { Locator, Page } from "playwright-core";
import { expectPath, expectVisible } from "../../helpers/e2e.ts";
import { button, mainNav } from "./common.ts";

export type ReviewsSection = "To do" | "Completed";

/** The Reviews tab (/app/reviews): the To do and Completed sections and their reviews. */
export class ReviewsPage {
  constructor(
    readonly page: Page,
    private readonly appUrl: string,
  ) {}

  async goto() {
    await this.page.goto(`${this.appUrl}/app/reviews`);
  }

  /** Opens the tab from the top nav, as a person would. */
  async openFromNav() {
    await mainNav(this.page).getByRole("link", { name: "Reviews", exact: true }).click();
    await expectPath(this.page, /^\/app\/reviews$/);
  }

  /** A section (its heading carries the count); the list in it holds the reviews. */
  section(name: ReviewsSection): Locator {
    return this.page.getByRole("region", { name: new RegExp(`^${name}`) });
  }

  /** The review titled `title` as listed in a section. */
  listed(name: ReviewsSection, title: string): Locator {
    return this.section(name).getByRole("listitem").filter({ hasText: title });
  }

  link(name: ReviewsSection, title: string): Locator {
    return this.listed(name, title).getByRole("link", { name: title });
  }

  /** Opens the review from a section's list; answers its page. */
  async open(name: ReviewsSection, title: string): Promise<ReviewPage> {
    await this.link(name, title).click();
    await expectPath(this.page, /^\/app\/review\/[0-9a-f-]{36}$/);
    const review = new ReviewPage(this.page);
    await expectVisible(review.heading(title));
    return review;
  }
}

/** One review (/app/review/:id): its details, keys, the per-language "Mark as done" and approvals. */
export class ReviewPage {
  constructor(readonly page: Page) {}

  heading(title: string): Locator {
    return this.page.getByRole("heading", { name: title, exact: true });
  }

  get details(): Locator {
    return this.page.getByRole("region", { name: "Review details" });
  }

  /** The status shown in the details ("To do" or "Completed"). */
  status(status: ReviewsSection): Locator {
    return this.details.getByText(status, { exact: true });
  }

  row(key: string): Locator {
    return this.page.locator(`table[aria-label="Review keys"] tr[data-key=${JSON.stringify(key)}]`);
  }

  /** A language's "Mark as done" toggle. */
  doneToggle(languageName: string): Locator {
    return this.page
      .getByRole("list", { name: "Mark as done" })
      .getByRole("button", { name: new RegExp(`^${languageName}`) });
  }

  /** aria-pressed of each language's toggle, in the order given. */
  donePressed(languageNames: string[]): Promise<(string | null)[]> {
    return Promise.all(languageNames.map((name) => this.doneToggle(name).getAttribute("aria-pressed")));
  }

  get reopenButton(): Locator {
    return button(this.page, "Re-open review");
  }

  get markAllDoneButton(): Locator {
    return button(this.page, "Mark as done");
  }

  /** Below 768 px the table shows one language at a time, picked here. */
  get languagePicker(): Locator {
    return this.page.getByRole("combobox", { name: "Language shown" });
  }

  /** The approval buttons of a cell, e.g. `approval("Needs changes", "German", "checkout.pay")`. */
  approval(state: "Approve" | "Needs changes", languageName: string, key: string): Locator {
    return button(this.page, `${state}: ${languageName} of ${key}`);
  }
}
