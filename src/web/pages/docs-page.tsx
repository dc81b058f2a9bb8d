import { useEffect } from "react";
import { useLocation, useParams } from "react-router";
import { DocsLayout } from "../features/docs/components/docs-layout.tsx";
import { TopicArticle } from "../features/docs/components/topic-article.tsx";
import { DocsWelcome } from "../features/docs/content/welcome.tsx";
import { TOPIC_PAGES } from "../features/docs/topic-pages.tsx";
import { findTopic, WELCOME_TITLE } from "../features/docs/topics.ts";

const APP_TITLE = "Sprog";

/**
 * /docs/{featureId} (spec point 2): featureId is optional and defaults to introduction; an unknown
 * id shows a generic welcome text. A topic change starts at the top of the page (or at the section a
 * link names with #).
 */
export function DocsPage() {
  const { featureId } = useParams();
  const { pathname, hash } = useLocation();
  const topic = findTopic(featureId);
  const Content = topic ? TOPIC_PAGES[topic.id] : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of topic (path) starts at the top
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash]);

  useEffect(() => {
    document.title = `${topic ? topic.title : WELCOME_TITLE} · ${APP_TITLE} docs`;
    return () => {
      document.title = APP_TITLE;
    };
  }, [topic]);

  return (
    <DocsLayout activeId={topic?.id}>
      {topic && Content ? (
        <TopicArticle topic={topic}>
          <Content />
        </TopicArticle>
      ) : (
        <DocsWelcome />
      )}
    </DocsLayout>
  );
}
