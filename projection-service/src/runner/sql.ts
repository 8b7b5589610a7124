const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Guards names that end up in SQL (schemas, tables) even though they go through `??`. */
export function assertIdentifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new Error(
      `${what} "${name}" must be a lower-case SQL identifier of at most 63 characters`,
    );
  }
  return name;
}

/** `schema.table`, which knex quotes as "schema"."table" (builder and `??` bindings alike). */
export function qualified(schema: string, table: string): string {
  return `${assertIdentifier(schema, 'Schema')}.${assertIdentifier(table, 'Table')}`;
}
