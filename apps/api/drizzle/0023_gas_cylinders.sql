CREATE TABLE "product_cylinders" (
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"size_grams" integer NOT NULL,
	"refill_price_kobo" bigint NOT NULL,
	"new_price_kobo" bigint,
	CONSTRAINT "product_cylinders_product_id_location_id_size_grams_pk" PRIMARY KEY("product_id","location_id","size_grams"),
	CONSTRAINT "product_cylinders_size_positive" CHECK ("product_cylinders"."size_grams" > 0),
	CONSTRAINT "product_cylinders_refill_positive" CHECK ("product_cylinders"."refill_price_kobo" > 0),
	CONSTRAINT "product_cylinders_new_positive" CHECK ("product_cylinders"."new_price_kobo" is null or "product_cylinders"."new_price_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cylinder_size_grams" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cylinder_type" text;--> statement-breakpoint
ALTER TABLE "product_cylinders" ADD CONSTRAINT "product_cylinders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_cylinders" ADD CONSTRAINT "product_cylinders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;