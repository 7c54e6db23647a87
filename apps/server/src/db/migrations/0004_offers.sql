CREATE TABLE "collector_offers" (
	"collector_id" uuid NOT NULL,
	"offer_id" text NOT NULL,
	"state" text DEFAULT 'UNLOADED' NOT NULL,
	"is_bookmarked" boolean DEFAULT false NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collector_offers_collector_id_offer_id_pk" PRIMARY KEY("collector_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"source_type" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"sponsor_display_name" text NOT NULL,
	"how_to" text NOT NULL,
	"terms" text NOT NULL,
	"category_key" text NOT NULL,
	"category_name" text NOT NULL,
	"partner_id" text,
	"points" integer,
	"art_hue" integer DEFAULT 320 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collector_offers" ADD CONSTRAINT "collector_offers_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collector_offers" ADD CONSTRAINT "collector_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_source_idx" ON "offers" USING btree ("source_type");