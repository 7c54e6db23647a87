CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page_name" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"name" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"html" text,
	"json" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_states" (
	"feature" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_switches" (
	"name" text PRIMARY KEY NOT NULL,
	"local" boolean DEFAULT false NOT NULL,
	"pre_production" boolean DEFAULT false NOT NULL,
	"production" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_views_created_at_idx" ON "page_views" USING btree ("created_at");