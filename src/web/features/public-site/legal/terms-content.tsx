import { Link } from "react-router";
import { LegalArticle, LegalSection } from "../components/legal-article.tsx";
import { TERMS_UPDATED } from "./legal-dates.ts";

export function TermsContent() {
  return (
    <LegalArticle
      title="Terms and conditions"
      updated={TERMS_UPDATED}
      lead="These terms apply when you use Sprog. In short: your data stays yours, we use it only to run Sprog for you, and we never use it to train AI models."
    >
      <LegalSection id="who-we-are" title="1. Who we are">
        <p>
          Sprog is a localization service made by Sprog, a Danish company. "We" and "us" in these terms mean
          Sprog; "you" means the person using it, and the team you use it for.
        </p>
      </LegalSection>

      <LegalSection id="your-data" title="2. Your data stays yours">
        <p>
          Everything you put into Sprog remains yours: translation keys, strings and their history, imported
          files, reviews and comments, and your team's product context and tone of voice.
        </p>
        <ul>
          <li>
            We process your data only to provide Sprog to you: to store it, show it, translate it when you
            ask, and deliver it through exports and the pull API.
          </li>
          <li>
            <strong>We never use your data to train AI models</strong>, ours or anyone else's.
          </li>
          <li>
            When you use an AI feature (translate, batch translation, the writing assistant), the text it
            works on, its placeholders and your team's tone of voice are sent to the AI service that answers
            the request, only to produce that answer.
          </li>
          <li>We do not sell your data and do not show ads.</li>
          <li>You can export your strings at any time, in any supported format.</li>
        </ul>
      </LegalSection>

      <LegalSection id="accounts" title="3. Your account and team">
        <p>
          You sign in with a one-time code sent to your e-mail address, so keep access to that inbox safe.
          Each team has one owner, who decides who joins and which role they have. Project API keys give read
          access to a project's translations: keep them secret and revoke any key that may have leaked.
        </p>
      </LegalSection>

      <LegalSection id="plans" title="4. Plans and payment">
        <p>
          Plans are paid per team, and each member of a team is a seat, so adding a member adds a paid seat. A
          free trial is available. Prices are shown before you pay, and payments are made on our payment
          provider's own pages.
        </p>
      </LegalSection>

      <LegalSection id="use" title="5. Acceptable use">
        <p>
          Do not use Sprog to break the law, to store content you have no right to, or to disrupt the service
          or other users, for example by probing it for weaknesses or sending requests faster than its limits
          allow.
        </p>
      </LegalSection>

      <LegalSection id="ending" title="6. Ending">
        <p>
          You can stop using Sprog at any time. A team owner can delete the team, which deletes its projects,
          keys, strings and their history. We may suspend an account that breaks these terms.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="7. Availability and liability">
        <p>
          We work to keep Sprog available and your data safe, but the service is provided as it is. Check AI
          translations before you ship them: an AI can be wrong, which is why Sprog has reviews.
        </p>
      </LegalSection>

      <LegalSection id="law" title="8. Changes and law">
        <p>
          When these terms change, the date above changes with them. Danish law governs these terms. How we
          use cookies and your browser's storage is described in the{" "}
          <Link to="/cookie-policy">cookie policy</Link>.
        </p>
      </LegalSection>
    </LegalArticle>
  );
}
