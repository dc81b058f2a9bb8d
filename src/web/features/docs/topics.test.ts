import { describe, expect, it } from "vitest";
import { TOPIC_PAGES } from "./topic-pages.tsx";
import {
  DEFAULT_TOPIC_ID,
  DOC_TOPICS,
  findTopic,
  isTopicId,
  neighbours,
  TOPIC_IDS,
  topicPath,
} from "./topics.ts";

describe("the topic registry", () => {
  it("has the nine topics of spec point 2, in order", () => {
    expect(TOPIC_IDS).toEqual([
      "introduction",
      "ai-translate",
      "tone-of-voice",
      "placeholders",
      "reviews",
      "import",
      "export",
      "api",
      "collaboration",
    ]);
    expect(DOC_TOPICS.map((topic) => topic.id)).toEqual(TOPIC_IDS);
  });

  it("gives every topic a title, a summary and a page", () => {
    for (const topic of DOC_TOPICS) {
      expect(topic.title.trim()).not.toBe("");
      expect(topic.summary.trim()).not.toBe("");
      expect(typeof TOPIC_PAGES[topic.id]).toBe("function");
    }
    expect(Object.keys(TOPIC_PAGES).sort()).toEqual([...TOPIC_IDS].sort());
    expect(new Set(DOC_TOPICS.map((topic) => topic.title)).size).toBe(DOC_TOPICS.length);
  });

  it("defaults to the introduction when no id is given", () => {
    expect(DEFAULT_TOPIC_ID).toBe("introduction");
    expect(findTopic(undefined)?.id).toBe("introduction");
    expect(findTopic("")?.id).toBe("introduction");
  });

  it("finds every topic by its id, and none for an unknown id (the welcome text)", () => {
    for (const id of TOPIC_IDS) expect(findTopic(id)?.id).toBe(id);
    for (const unknown of ["nope", "API", "introduction/", "__proto__", "constructor"]) {
      expect(findTopic(unknown)).toBeUndefined();
      expect(isTopicId(unknown)).toBe(false);
    }
  });

  it("links each topic under /docs and chains them in sidebar order", () => {
    expect(topicPath("api")).toBe("/docs/api");
    expect(neighbours("introduction")).toEqual({ previous: undefined, next: DOC_TOPICS[1] });
    expect(neighbours("reviews").previous?.id).toBe("placeholders");
    expect(neighbours("reviews").next?.id).toBe("import");
    expect(neighbours("collaboration").next).toBeUndefined();
  });
});
