CREATE TABLE "brand_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_key" text NOT NULL,
	"collector_id" uuid,
	"direction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_keys" text[] NOT NULL,
	"is_vldx" boolean DEFAULT false NOT NULL,
	"collect" boolean DEFAULT true NOT NULL,
	"redeem" boolean DEFAULT false NOT NULL,
	"collect_rate" text NOT NULL,
	"description" text NOT NULL,
	"website_url" text NOT NULL,
	"colour" text NOT NULL,
	"bonus_title" text,
	"bonus_description" text,
	"bonus_ends_at" timestamp with time zone,
	"linked_partner_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collector_id" uuid NOT NULL,
	"card_number" text NOT NULL,
	"partner_id" text NOT NULL,
	"partner_account" text NOT NULL,
	"link_type" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlinked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"collector_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"partner_account" text NOT NULL,
	"conversion_type" text NOT NULL,
	"points_given" integer NOT NULL,
	"points_received" integer NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_transfers_points_positive" CHECK ("partner_transfers"."points_given" > 0 and "partner_transfers"."points_received" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_partner_accounts" (
	"partner_id" text NOT NULL,
	"membership_number" text NOT NULL,
	"last_name" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"failure" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_partner_accounts_partner_id_membership_number_pk" PRIMARY KEY("partner_id","membership_number"),
	CONSTRAINT "sandbox_partner_balance_not_negative" CHECK ("sandbox_partner_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_partner_movements" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"membership_number" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_clicks" ADD CONSTRAINT "brand_clicks_brand_key_brands_key_fk" FOREIGN KEY ("brand_key") REFERENCES "public"."brands"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_clicks" ADD CONSTRAINT "brand_clicks_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_transfers" ADD CONSTRAINT "partner_transfers_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_clicks_brand_idx" ON "brand_clicks" USING btree ("brand_key","created_at");--> statement-breakpoint
CREATE INDEX "brands_sort_idx" ON "brands" USING btree ("sort_order","name");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_links_live_collector" ON "partner_links" USING btree ("collector_id","partner_id") WHERE "partner_links"."unlinked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_links_live_account" ON "partner_links" USING btree ("partner_id","partner_account") WHERE "partner_links"."unlinked_at" is null;--> statement-breakpoint
CREATE INDEX "partner_links_account_idx" ON "partner_links" USING btree ("partner_id","partner_account");--> statement-breakpoint
CREATE INDEX "partner_links_card_idx" ON "partner_links" USING btree ("card_number","partner_id");--> statement-breakpoint
CREATE INDEX "partner_transfers_collector_idx" ON "partner_transfers" USING btree ("collector_id","partner_id","created_at");