/**
 * The public API's translator procedures (issue 36), key scope: translate. Each has an `operationId`, its
 * MCP tool name, and a summary and description written for an agent.
 */
export const translatorContract = {};
