CREATE TABLE "businesses" (
	"collector_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"employees" text NOT NULL,
	"business_offers_opt_in" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collector_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collector_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"postcode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auth_token_hash" text NOT NULL,
	"step" text NOT NULL,
	"existing_card_type" text NOT NULL,
	"user_type" text DEFAULT 'STANDARD' NOT NULL,
	"existing_card_number" text,
	"email" text,
	"user_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_hash" text,
	"verification_token_hash" text,
	"verification_expires_at" timestamp with time zone,
	"emails_sent" integer DEFAULT 0 NOT NULL,
	"first_email_sent_at" timestamp with time zone,
	"completion_token_hash" text,
	"completion_expires_at" timestamp with time zone,
	"collector_id" uuid,
	"card_number" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_auth_token_hash_unique" UNIQUE("auth_token_hash"),
	CONSTRAINT "registrations_verification_token_hash_unique" UNIQUE("verification_token_hash"),
	CONSTRAINT "registrations_completion_token_hash_unique" UNIQUE("completion_token_hash")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collector_addresses" ADD CONSTRAINT "collector_addresses_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collector_addresses_collector_idx" ON "collector_addresses" USING btree ("collector_id");--> statement-breakpoint
CREATE INDEX "registrations_expires_idx" ON "registrations" USING btree ("expires_at");