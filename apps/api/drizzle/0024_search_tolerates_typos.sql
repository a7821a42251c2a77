-- The shop's search tolerates typos (issue 34 item 1): when no piece has a word starting with each
-- typed word, the search tries again with each word of four letters or more close to a word of
-- the piece's name ('colr' finds the colares, 'brinko' the brincos), by pg_trgm's word similarity
-- (`<%`) on the name lower-cased without accents.
--
-- unaccent ships with PostgreSQL (contrib; trusted since 13: the store's role may create it) and
-- with PGlite (@electric-sql/pglite/contrib/unaccent, loaded by db/client.ts), in public like
-- pg_trgm (0016). unaccent() itself is only STABLE (its dictionary could change), so an index
-- cannot use it: lower_unaccent() is the usual IMMUTABLE wrapper, naming the dictionary by its
-- schema so that no search_path changes what it answers.
--
-- An index only: no query of the previous release answers differently (not a stop; built inside
-- the migrations' transaction: 0.1 s for 10,000 products, bench/search-explain.mjs).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.lower_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, lower($1)) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_unaccented_trgm_idx" ON "products" USING gin (lower_unaccent("name") gin_trgm_ops);
