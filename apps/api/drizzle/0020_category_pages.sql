-- Issue 32, item 7: a category page of a big catalog (bench/big-catalog.mjs: 2,500 pieces a
-- category). The shop's category page asked for its 36 pieces with a window count of every
-- visible piece of the category: PostgreSQL read the whole products table for it (8-11 ms of
-- backend CPU a page, 17-20 ms). With this index the page's ids and the count are index-only scans
-- of the category's visible pieces (0.5 ms each, modules/catalog/service.ts). An index only, no
-- answer changes; products_category_id_idx stays (the back office lists hidden pieces too).
-- IF NOT EXISTS as in 0016 (docs/migrations.md).
CREATE INDEX IF NOT EXISTS "products_visible_category_idx" ON "products" USING btree ("category","id") WHERE "products"."hidden_at" is null;
