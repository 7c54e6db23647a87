CREATE TABLE "missing_points_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collector_id" uuid NOT NULL,
	"partner" text NOT NULL,
	"purchased_on" date NOT NULL,
	"spend_pence" integer NOT NULL,
	"reference" text NOT NULL,
	"reference_key" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"points_granted" integer,
	"ledger_entry_id" uuid,
	"operator_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "missing_points_claims_status" CHECK ("missing_points_claims"."status" in ('OPEN', 'GRANTED', 'REFUSED')),
	CONSTRAINT "missing_points_claims_spend_positive" CHECK ("missing_points_claims"."spend_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "missing_points_receipts" (
	"claim_id" uuid PRIMARY KEY NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "missing_points_receipts_media_type" CHECK ("missing_points_receipts"."media_type" in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "missing_points_receipts_size" CHECK ("missing_points_receipts"."size_bytes" between 1 and 5242880)
);
--> statement-breakpoint
CREATE TABLE "pending_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collector_id" uuid NOT NULL,
	"partner" text NOT NULL,
	"purchased_on" date NOT NULL,
	"spend_pence" integer NOT NULL,
	"reference" text NOT NULL,
	"reference_key" text NOT NULL,
	"points" integer NOT NULL,
	"expected_on" date NOT NULL,
	"ledger_entry_id" uuid,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_points_points_positive" CHECK ("pending_points"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "missing_points_claims" ADD CONSTRAINT "missing_points_claims_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_points_claims" ADD CONSTRAINT "missing_points_claims_ledger_entry_id_points_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."points_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_points_receipts" ADD CONSTRAINT "missing_points_receipts_claim_id_missing_points_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."missing_points_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_points" ADD CONSTRAINT "pending_points_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_points" ADD CONSTRAINT "pending_points_ledger_entry_id_points_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."points_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "missing_points_claims_purchase_unique" ON "missing_points_claims" USING btree ("collector_id","partner","reference_key");--> statement-breakpoint
CREATE INDEX "missing_points_claims_collector_idx" ON "missing_points_claims" USING btree ("collector_id","created_at");--> statement-breakpoint
CREATE INDEX "missing_points_claims_status_idx" ON "missing_points_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pending_points_collector_idx" ON "pending_points" USING btree ("collector_id","expected_on");--> statement-breakpoint
CREATE INDEX "pending_points_due_idx" ON "pending_points" USING btree ("expected_on") WHERE "pending_points"."posted_at" is null;