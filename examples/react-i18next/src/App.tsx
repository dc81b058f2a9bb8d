import { useState } from "react";
import { useTranslation } from "react-i18next";
import { languages } from "./i18n.ts";

const LANGUAGE_NAMES: Record<string, string> = { en: "English", de: "Deutsch" };

export function App() {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState(0);

  return (
    <main>
      <nav aria-labelledby="language-label" className="languages">
        <span id="language-label" data-testid="language-label">
          {t("language.label")}
        </span>
        {languages.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={i18n.resolvedLanguage === language}
            data-testid={`language-${language}`}
            onClick={() => void i18n.changeLanguage(language)}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        ))}
      </nav>
      <h1 data-testid="title">{t("home.title")}</h1>
      <p data-testid="greeting">{t("home.greeting", { name: "Ana" })}</p>
      <p data-testid="cart-items">{t("cart.items", { count: items })}</p>
      <button type="button" data-testid="add-item" onClick={() => setItems((count) => count + 1)}>
        {t("cart.add")}
      </button>
    </main>
  );
}
