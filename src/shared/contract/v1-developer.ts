/**
 * The public API's developer procedures (issue 36), key scope: push. Each has an `operationId`, its
 * MCP tool name, and a summary and description written for an agent.
 */
export const developerContract = {};
