/**
 * The public API's context procedures (issue 36), key scope: any scope. Each has an `operationId`, its
 * MCP tool name, and a summary and description written for an agent.
 */
export const projectContextContract = {};
