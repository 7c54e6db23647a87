CREATE TABLE "marketing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"terms" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"offer_ids" text[] NOT NULL,
	"cta_label" text NOT NULL,
	"cta_path" text NOT NULL,
	"homepage_pod" boolean DEFAULT false NOT NULL,
	"countdown" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "marketing_events_starts_idx" ON "marketing_events" USING btree ("starts_at","id");