CREATE TABLE "card_replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collector_id" uuid NOT NULL,
	"old_number" text,
	"new_number" text NOT NULL,
	"reason" text NOT NULL,
	"card_type" text DEFAULT 'CARD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemption_locks" (
	"collector_id" uuid PRIMARY KEY NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_details" (
	"ledger_entry_id" uuid PRIMARY KEY NOT NULL,
	"collector_id" uuid NOT NULL,
	"partner_kind" text NOT NULL,
	"partner_name" text NOT NULL,
	"store_name" text,
	"spend_pence" integer,
	"saving_pence" integer DEFAULT 0 NOT NULL,
	"receipt_id" uuid,
	"receipt_lines" jsonb,
	"voucher_id" uuid
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collector_id" uuid NOT NULL,
	"reward_id" text NOT NULL,
	"points" integer NOT NULL,
	"request_key" text NOT NULL,
	"voucher_code" text NOT NULL,
	"partner_name" text NOT NULL,
	"item_description" text NOT NULL,
	"ledger_entry_id" uuid,
	"used" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vouchers_points_not_negative" CHECK ("vouchers"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "card_replacements" ADD CONSTRAINT "card_replacements_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_locks" ADD CONSTRAINT "redemption_locks_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_details" ADD CONSTRAINT "transaction_details_ledger_entry_id_points_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."points_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_details" ADD CONSTRAINT "transaction_details_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_ledger_entry_id_points_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."points_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_replacements_collector_idx" ON "card_replacements" USING btree ("collector_id","created_at");--> statement-breakpoint
CREATE INDEX "transaction_details_collector_idx" ON "transaction_details" USING btree ("collector_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_details_receipt_unique" ON "transaction_details" USING btree ("receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_request_key_unique" ON "vouchers" USING btree ("collector_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_unique" ON "vouchers" USING btree ("voucher_code");--> statement-breakpoint
CREATE INDEX "vouchers_collector_idx" ON "vouchers" USING btree ("collector_id","created_at");