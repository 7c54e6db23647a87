CREATE TABLE "partner_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"secret_hashes" text[] NOT NULL,
	"requests_per_minute" integer DEFAULT 600 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_requests" (
	"client_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_requests_client_id_idempotency_key_pk" PRIMARY KEY("client_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "partner_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"return_id" text NOT NULL,
	"points_taken" integer NOT NULL,
	"points_not_recovered" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" text NOT NULL,
	"client_id" text NOT NULL,
	"collector_id" uuid NOT NULL,
	"card_number" text,
	"store_id" text NOT NULL,
	"till_id" text NOT NULL,
	"receipt_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"total_pence" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"bonuses" jsonb NOT NULL,
	"points_awarded" integer NOT NULL,
	"pending_points_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"ledger_source" text NOT NULL,
	"points_per_pound" integer NOT NULL,
	"offer_partner_id" text,
	"pays_personalised_offers" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" text NOT NULL,
	"client_id" text NOT NULL,
	"collector_id" uuid NOT NULL,
	"card_number" text,
	"points" integer NOT NULL,
	"store_id" text NOT NULL,
	"till_id" text NOT NULL,
	"state" text DEFAULT 'HELD' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "point_holds_points_positive" CHECK ("point_holds"."points" > 0),
	CONSTRAINT "point_holds_state" CHECK ("point_holds"."state" in ('HELD', 'CAPTURED', 'CANCELLED', 'EXPIRED'))
);
--> statement-breakpoint
DROP INDEX "pending_points_due_idx";--> statement-breakpoint
ALTER TABLE "pending_points" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collector_offers" ADD COLUMN "times_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "rule" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "max_per_member" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_clients" ADD CONSTRAINT "partner_clients_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_returns" ADD CONSTRAINT "partner_returns_sale_id_partner_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."partner_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sales" ADD CONSTRAINT "partner_sales_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sales" ADD CONSTRAINT "partner_sales_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sales" ADD CONSTRAINT "partner_sales_card_number_cards_number_fk" FOREIGN KEY ("card_number") REFERENCES "public"."cards"("number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_card_number_cards_number_fk" FOREIGN KEY ("card_number") REFERENCES "public"."cards"("number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_clients_partner_idx" ON "partner_clients" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partner_requests_created_idx" ON "partner_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_returns_unique" ON "partner_returns" USING btree ("sale_id","return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_sales_receipt_unique" ON "partner_sales" USING btree ("partner_id","receipt_id");--> statement-breakpoint
CREATE INDEX "partner_sales_collector_idx" ON "partner_sales" USING btree ("collector_id","occurred_at");--> statement-breakpoint
CREATE INDEX "point_holds_collector_idx" ON "point_holds" USING btree ("collector_id","created_at");--> statement-breakpoint
CREATE INDEX "point_holds_open_idx" ON "point_holds" USING btree ("expires_at") WHERE "point_holds"."state" = 'HELD';--> statement-breakpoint
CREATE INDEX "pending_points_due_idx" ON "pending_points" USING btree ("expected_on") WHERE "pending_points"."posted_at" is null and "pending_points"."cancelled_at" is null;