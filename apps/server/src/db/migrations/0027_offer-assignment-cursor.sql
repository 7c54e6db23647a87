ALTER TABLE "offers" ADD COLUMN "assigning_after" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "assigning_at" timestamp with time zone;