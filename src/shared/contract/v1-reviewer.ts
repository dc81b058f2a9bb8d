/**
 * The public API's reviewer procedures (issue 36), key scope: review. Each has an `operationId`, its
 * MCP tool name, and a summary and description written for an agent.
 */
export const reviewerContract = {};
