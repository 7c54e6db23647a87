ALTER TYPE "public"."staff_role" ADD VALUE 'marketer';--> statement-breakpoint
CREATE TABLE "member_prices" (
	"sku" text PRIMARY KEY NOT NULL,
	"product_description" text NOT NULL,
	"product_image" text NOT NULL,
	"category" text NOT NULL,
	"base_price_pence" integer NOT NULL,
	"discount_pence" integer NOT NULL,
	"member_price_pence" integer NOT NULL,
	"normal_price_pence" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_summaries" (
	"collector_id" uuid PRIMARY KEY NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"balance" integer NOT NULL,
	"last_shop_at" timestamp with time zone,
	"last_fuel_at" timestamp with time zone,
	"airline_linked" boolean DEFAULT false NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_audience_members" (
	"offer_id" text NOT NULL,
	"collector_id" uuid NOT NULL,
	CONSTRAINT "offer_audience_members_offer_id_collector_id_pk" PRIMARY KEY("offer_id","collector_id")
);
--> statement-breakpoint
CREATE TABLE "offer_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_uploads_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "audience" jsonb DEFAULT '{"kind":"everyone"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "budget_points" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "points_issued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "stopped_reason" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "previous_version_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "submitted_by" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "offer_id" text;--> statement-breakpoint
ALTER TABLE "member_summaries" ADD CONSTRAINT "member_summaries_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_audience_members" ADD CONSTRAINT "offer_audience_members_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_audience_members" ADD CONSTRAINT "offer_audience_members_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_prices_category_idx" ON "member_prices" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "offers_status_idx" ON "offers" USING btree ("status","valid_to");--> statement-breakpoint
CREATE INDEX "points_ledger_offer_idx" ON "points_ledger" USING btree ("offer_id","created_at") WHERE "points_ledger"."offer_id" is not null;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_points_within_budget" CHECK ("offers"."budget_points" is null or ("offers"."points_issued" >= 0 and "offers"."points_issued" <= "offers"."budget_points"));