/** A UUID, the form every id the database makes has. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id would make PostgreSQL refuse the uuid comparison: such an id is simply not found. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
