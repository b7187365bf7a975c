CREATE TABLE "document_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(2) NOT NULL,
	"date" date NOT NULL,
	"number" integer NOT NULL,
	"serial_number" varchar(20) NOT NULL,
	"validated" boolean DEFAULT false NOT NULL,
	"validated_by" integer,
	"validated_at" timestamp with time zone,
	"file_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_numbers" (
	"document_type_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_numbers_document_type_id_year_pk" PRIMARY KEY("document_type_id","year")
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_file_lines" (
	"file_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint,
	"lot" varchar(40) DEFAULT '' NOT NULL,
	"received_quantity" integer,
	CONSTRAINT "logistics_file_lines_file_id_position_pk" PRIMARY KEY("file_id","position")
);
--> statement-breakpoint
CREATE TABLE "logistics_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"state" varchar(20) DEFAULT 'saved' NOT NULL,
	"from_type" varchar(10) NOT NULL,
	"from_id" integer NOT NULL,
	"to_type" varchar(10) NOT NULL,
	"to_id" integer NOT NULL,
	"from_shop_id" integer,
	"to_shop_id" integer,
	"date" date NOT NULL,
	"document_type_id" integer,
	"document_series" varchar(20),
	"document_number" integer,
	"document_year" smallint,
	"document_date" date,
	"supplier_document_number" varchar(40) DEFAULT '' NOT NULL,
	"supplier_document_date" date,
	"transport_reason" varchar(20) NOT NULL,
	"carried_by" varchar(10) DEFAULT 'sender' NOT NULL,
	"carrier_name" varchar(200) DEFAULT '' NOT NULL,
	"goods_appearance" varchar(100) DEFAULT '' NOT NULL,
	"packages" integer,
	"weight_grams" integer,
	"notes" text DEFAULT '' NOT NULL,
	"given_back_reason" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_quantity" bigint DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_by" integer,
	"processed_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"received_by" integer,
	"received_at" timestamp with time zone,
	"received_with_differences" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(10) NOT NULL,
	"company_id" integer,
	"name" varchar(200) NOT NULL,
	"vat_number" varchar(16) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"cap" varchar(10) DEFAULT '' NOT NULL,
	"city" varchar(100) DEFAULT '' NOT NULL,
	"province" varchar(2) DEFAULT '' NOT NULL,
	"country" varchar(2) DEFAULT 'IT' NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logistics_parties_company_check" CHECK (("logistics_parties"."type" = 'warehouse') = ("logistics_parties"."company_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "shop_product_sales" (
	"shop_id" integer NOT NULL,
	"product_code" varchar(40) NOT NULL,
	"pieces" bigint DEFAULT 0 NOT NULL,
	"last_sold_on" date,
	CONSTRAINT "shop_product_sales_shop_id_product_code_pk" PRIMARY KEY("shop_id","product_code")
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"location_type" varchar(10) NOT NULL,
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"moved" bigint DEFAULT 0 NOT NULL,
	"last_movement_on" date,
	CONSTRAINT "stock_levels_location_type_location_id_product_id_pk" PRIMARY KEY("location_type","location_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_type" varchar(10) NOT NULL,
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"file_id" integer NOT NULL,
	"moved_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_checks" ADD CONSTRAINT "document_checks_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_checks" ADD CONSTRAINT "document_checks_file_id_logistics_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."logistics_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_checks" ADD CONSTRAINT "document_checks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_numbers" ADD CONSTRAINT "document_numbers_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_types" ADD CONSTRAINT "document_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_file_lines" ADD CONSTRAINT "logistics_file_lines_file_id_logistics_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."logistics_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_file_lines" ADD CONSTRAINT "logistics_file_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_files" ADD CONSTRAINT "logistics_files_from_shop_id_shops_id_fk" FOREIGN KEY ("from_shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_files" ADD CONSTRAINT "logistics_files_to_shop_id_shops_id_fk" FOREIGN KEY ("to_shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_files" ADD CONSTRAINT "logistics_files_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_files" ADD CONSTRAINT "logistics_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_files" ADD CONSTRAINT "logistics_files_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_files" ADD CONSTRAINT "logistics_files_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_parties" ADD CONSTRAINT "logistics_parties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_sales" ADD CONSTRAINT "shop_product_sales_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_file_id_logistics_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."logistics_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_checks_identity_idx" ON "document_checks" USING btree ("type","serial_number","number","date");--> statement-breakpoint
CREATE INDEX "document_checks_number_idx" ON "document_checks" USING btree ("type","number");--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_company_code_idx" ON "document_types" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "logistics_files_kind_date_idx" ON "logistics_files" USING btree ("kind","date","id");--> statement-breakpoint
CREATE INDEX "logistics_files_from_shop_idx" ON "logistics_files" USING btree ("from_shop_id","date") WHERE "logistics_files"."from_shop_id" is not null;--> statement-breakpoint
CREATE INDEX "logistics_files_to_shop_idx" ON "logistics_files" USING btree ("to_shop_id","date") WHERE "logistics_files"."to_shop_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_files_document_idx" ON "logistics_files" USING btree ("document_type_id","document_year","document_number") WHERE "logistics_files"."document_number" is not null;--> statement-breakpoint
CREATE INDEX "logistics_files_series_idx" ON "logistics_files" USING btree ("document_series","document_number") WHERE "logistics_files"."document_number" is not null;--> statement-breakpoint
CREATE INDEX "logistics_parties_type_idx" ON "logistics_parties" USING btree ("type",lower("name"));--> statement-breakpoint
CREATE INDEX "stock_movements_location_idx" ON "stock_movements" USING btree ("location_type","location_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_file_idx" ON "stock_movements" USING btree ("file_id");