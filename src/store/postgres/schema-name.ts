// The PostgreSQL schema names SVC accepts: plain lowercase identifiers, safe to quote.

export const SCHEMA_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;
