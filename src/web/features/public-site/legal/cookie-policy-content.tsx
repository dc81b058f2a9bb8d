import { Link } from "react-router";
import { LegalArticle, LegalSection } from "../components/legal-article.tsx";
import { StorageList } from "../components/storage-list.tsx";
import { COOKIES, LOCAL_STORAGE_ENTRIES } from "../content/storage-inventory.ts";
import { COOKIE_POLICY_UPDATED } from "./legal-dates.ts";

export function CookiePolicyContent() {
  return (
    <LegalArticle
      title="Cookie policy"
      updated={COOKIE_POLICY_UPDATED}
      lead="Sprog stores as little as it can in your browser: one cookie to keep you signed in, and a few local storage entries that remember your choices. Nothing for ads, analytics or tracking."
    >
      <LegalSection id="cookies" title="Cookies">
        <p>Sprog sets one cookie, and only when you sign in:</p>
        <StorageList label="Cookies" entries={COOKIES} />
      </LegalSection>

      <LegalSection id="local-storage" title="Local storage">
        <p>
          Local storage stays in your browser and is never sent to our server. Entries marked with a user or
          project id are kept per account, so two people sharing a browser do not share their selections.
        </p>
        <StorageList label="Local storage" entries={LOCAL_STORAGE_ENTRIES} />
      </LegalSection>

      <LegalSection id="third-parties" title="Third parties">
        <p>
          The app's pages, scripts and fonts come from Sprog's own server, so no other company sees your
          visit. One exception: the API reference at <a href="/api/docs">/api/docs</a>, a page for developers
          made with Scalar, fetches its fonts and some data from Scalar's servers (scalar.com).
        </p>
        <p>
          When you pay for a plan, you do so on our payment provider's own pages, under its own cookie policy.
        </p>
      </LegalSection>

      <LegalSection id="your-choice" title="Your choice">
        <p>
          The cookie banner asks once. Accept or Decline is remembered for 150 days, then the banner asks
          again. Everything listed above is needed for Sprog to work, so declining turns nothing off; should
          Sprog ever want an optional cookie, it will only be set after you accept.
        </p>
        <p>
          You can delete the cookie and local storage at any time in your browser's settings. Signing out
          deletes the session cookie.
        </p>
      </LegalSection>

      <LegalSection id="more" title="More">
        <p>
          How we treat the data you put into Sprog is in the{" "}
          <Link to="/terms-conditions">terms and conditions</Link>.
        </p>
      </LegalSection>
    </LegalArticle>
  );
}
