import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @semijoias/api` (or `npx drizzle-kit generate` in apps/api) writes a new
// SQL migration into drizzle/ from src/db/schema.ts. Commit it; the server applies it at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
