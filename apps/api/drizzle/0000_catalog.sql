CREATE TABLE "product_compositions" (
	"product_id" integer NOT NULL,
	"composed_product_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_compositions_product_id_composed_product_id_pk" PRIMARY KEY("product_id","composed_product_id"),
	CONSTRAINT "product_compositions_not_self" CHECK ("product_compositions"."product_id" <> "product_compositions"."composed_product_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer,
	"description" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"img_pessoa" text NOT NULL,
	"image_carrossel" text NOT NULL,
	"composicao_img_1" text NOT NULL,
	"composicao_img_2" text NOT NULL,
	"composicao_img_3" text,
	"stock" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer DEFAULT 200 NOT NULL,
	"novo" boolean DEFAULT false NOT NULL,
	"promocao" boolean DEFAULT false NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_category_check" CHECK ("products"."category" in ('Anel', 'Brinco', 'Pulseira', 'Colar')),
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_original_price_check" CHECK ("products"."original_price_cents" is null or "products"."original_price_cents" > "products"."price_cents"),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_weight_check" CHECK ("products"."weight_grams" > 0),
	CONSTRAINT "products_sales_count_check" CHECK ("products"."sales_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_compositions" ADD CONSTRAINT "product_compositions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_compositions" ADD CONSTRAINT "product_compositions_composed_product_id_products_id_fk" FOREIGN KEY ("composed_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_compositions_composed_idx" ON "product_compositions" USING btree ("composed_product_id");--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "products_sales_count_idx" ON "products" USING btree ("sales_count" DESC NULLS LAST,"id");