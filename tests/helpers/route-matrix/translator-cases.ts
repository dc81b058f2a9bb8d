import { v1Contract } from "../../../src/shared/contract/v1.ts";
import { endpointCase, everyone, type RouteCase } from "./matrix.ts";

const { translator } = v1Contract;

/**
 * The translator's public API routes (issue 36) are authorized by a project API key with the
 * `translate` scope, which sessions do not carry: everyone gets 401, as for the pull and the push.
 */
export const TRANSLATOR_CASES: RouteCase[] = [
  endpointCase({
    endpoint: translator.listKeysToTranslate,
    input: () => ({ query: { language: "de" } }),
    expected: everyone(401),
  }),
  endpointCase({
    endpoint: translator.keyContext,
    input: () => ({ query: { key: "greeting" } }),
    expected: everyone(401),
  }),
  endpointCase({
    endpoint: translator.setTranslations,
    input: () => ({ body: { translations: [{ key: "greeting", language: "de", text: "Hallo" }] } }),
    expected: everyone(401),
  }),
];
