/**
 * Checks a value against the JSON Schema the package ships (schemas/sprog.config.schema.json):
 * the keywords zod's z.toJSONSchema writes for that schema and no more. A keyword it does not
 * know is an error of its own, so a schema change cannot go unchecked silently.
 */
const KNOWN = new Set([
  "$schema",
  "title",
  "description",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "pattern",
  "minLength",
  "minItems",
  "format",
]);

/** What a pattern means, for the field names whose values have one. */
const PATTERN_HINTS = {
  host: "must be an http(s) address, e.g. https://sprog.example.com",
  path: "must contain {lang} or {android_lang}, e.g. src/locales/{lang}.json",
  source: "must be a language code, e.g. en or pt-BR",
};

const typeOf = (value) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);
const article = (type) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
const join = (path, key) => (path ? `${path}.${key}` : key);

/** Every problem as { path, message }; empty when the value fits. */
export function validate(schema, value, path = "") {
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN.has(keyword))
      throw new Error(`The config schema uses "${keyword}", which the CLI cannot check`);
  }
  const problems = [];
  const problem = (message, at = path) =>
    problems.push({ path: at, message: `${at || "the file"} ${message}` });
  const type = typeOf(value);
  if (schema.type && schema.type !== type) {
    problem(`must be ${article(schema.type)} (got ${type === "null" ? "null" : article(type)})`);
    return problems;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    problem(`must be one of ${schema.enum.join(", ")} (got ${JSON.stringify(value)})`);
  }
  if (type === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) problem("must not be empty");
    else if (schema.pattern && !new RegExp(schema.pattern, "u").test(value)) {
      const field = path.replace(/^.*[.\]]/, "").replace(/\[\d+\]$/, "");
      problem(`${PATTERN_HINTS[field] ?? `must match ${schema.pattern}`} (got ${JSON.stringify(value)})`);
    }
  }
  if (type === "array") {
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      problem(`must have at least ${schema.minItems} entr${schema.minItems === 1 ? "y" : "ies"}`);
    }
    if (schema.items) {
      for (const [i, item] of value.entries())
        problems.push(...validate(schema.items, item, `${path}[${i}]`));
    }
  }
  if (type === "object") {
    const properties = schema.properties ?? {};
    for (const name of schema.required ?? []) {
      if (value[name] === undefined) problem("is required", join(path, name));
    }
    for (const [name, child] of Object.entries(value)) {
      if (properties[name]) problems.push(...validate(properties[name], child, join(path, name)));
      else if (schema.additionalProperties === false) {
        const allowed = Object.keys(properties).filter((key) => key !== "$schema");
        problem(`is not a known field (allowed: ${allowed.join(", ")})`, join(path, name));
      }
    }
  }
  return problems;
}
