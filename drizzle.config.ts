import { defineConfig } from 'drizzle-kit'

// Migrations are generated once from the schema and applied at start on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/tables.ts',
  out: './src/server/db/migrations',
})
