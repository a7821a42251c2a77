-- Issue 34: three facts the owners or the shopper give, each a new nullable or defaulted column
-- the previous release never reads (not a stop):
-- - products.plating: the piece's plating or material (a code of PLATINGS in packages/domain),
--   set by the owners; categories and search filter by it (item 2);
-- - product_variations.kept_in_stock: 'Manter em estoque', the sizes the owners keep stocked; the
--   Painel's low-stock card counts them when they run low (item 6);
-- - users.cart_cep: the CEP she last quoted her cart's freight for, so her server cart remembers
--   it on every device (item 3).
ALTER TABLE "product_variations" ADD COLUMN IF NOT EXISTS "kept_in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "plating" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "cart_cep" text;
