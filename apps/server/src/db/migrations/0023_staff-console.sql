CREATE TYPE "public"."staff_adjustment_state" AS ENUM('pending', 'applied', 'refused');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('agent', 'supervisor', 'admin');--> statement-breakpoint
CREATE TABLE "staff_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"reason_code" text NOT NULL,
	"note" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" "staff_adjustment_state" NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"ledger_entry_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_adjustments_points_not_zero" CHECK ("staff_adjustments"."points" <> 0)
);
--> statement-breakpoint
CREATE TABLE "staff_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"ip" text,
	"member_id" uuid,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "staff_invites" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" "staff_role" NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_last_step" integer,
	"recovery_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_adjustments" ADD CONSTRAINT "staff_adjustments_member_id_collectors_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_adjustments" ADD CONSTRAINT "staff_adjustments_requested_by_staff_members_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_adjustments" ADD CONSTRAINT "staff_adjustments_decided_by_staff_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_adjustments" ADD CONSTRAINT "staff_adjustments_ledger_entry_id_points_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."points_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_adjustments_idempotency_unique" ON "staff_adjustments" USING btree ("requested_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "staff_adjustments_pending_idx" ON "staff_adjustments" USING btree ("created_at") WHERE "staff_adjustments"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_adjustments_requester_idx" ON "staff_adjustments" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "staff_adjustments_member_idx" ON "staff_adjustments" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_audit_at_idx" ON "staff_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "staff_audit_member_idx" ON "staff_audit" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "staff_audit_staff_idx" ON "staff_audit" USING btree ("staff_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_email_unique" ON "staff_members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "collectors_phone_idx" ON "collectors" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "collectors_last_name_prefix_idx" ON "collectors" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "collectors_full_name_prefix_idx" ON "collectors" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "collector_addresses_postcode_idx" ON "collector_addresses" USING btree (upper(replace("postcode", ' ', '')));--> statement-breakpoint
-- The staff audit trail is append only, whoever asks: the server's own role included. Dropping this trigger
-- takes the table's owner; docs/staff-console.md "Audit trail" shows running the server as a role that is not.
CREATE FUNCTION "staff_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "staff_audit_no_change" BEFORE UPDATE OR DELETE ON "staff_audit" FOR EACH ROW EXECUTE FUNCTION "staff_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "staff_audit_no_truncate" BEFORE TRUNCATE ON "staff_audit" FOR EACH STATEMENT EXECUTE FUNCTION "staff_audit_append_only"();
