import { Link } from "react-router";
import { LegalArticle, LegalSection } from "../components/legal-article.tsx";

export function AboutContent() {
  return (
    <LegalArticle
      title="About Sprog"
      lead="Sprog is a Danish company building localization software for teams that ship apps in many languages. Sprog is Danish for “language”."
    >
      <LegalSection id="why" title="Why Sprog">
        <p>
          The text of an app is written by one person, translated by others, checked by someone else and
          shipped by developers. Sprog gives all of them one place: writers polish the source text with an AI
          that knows the brand's tone of voice, translators and AI fill in every language, reviewers approve
          what ships, and CI pulls the result in the format each platform expects.
        </p>
      </LegalSection>

      <LegalSection id="principles" title="What we hold to">
        <ul>
          <li>Your data stays yours and is never used to train AI models.</li>
          <li>Nothing in Sprog tracks you: no ads, no analytics, no third-party scripts.</li>
          <li>Placeholders survive translation: an AI answer that breaks one is never saved.</li>
          <li>
            People decide: every AI suggestion can be reviewed, and every change is kept in a string's
            history.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="start" title="Try it">
        <p>
          <Link to="/signup">Create a free account</Link>, read the <Link to="/docs">documentation</Link>, or
          see how Sprog treats your data in the <Link to="/terms-conditions">terms</Link> and the{" "}
          <Link to="/cookie-policy">cookie policy</Link>.
        </p>
      </LegalSection>
    </LegalArticle>
  );
}
