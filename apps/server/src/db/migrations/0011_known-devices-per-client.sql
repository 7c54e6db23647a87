ALTER TABLE "known_devices" ADD COLUMN "client_id" text DEFAULT 'nectar-web' NOT NULL;--> statement-breakpoint
ALTER TABLE "known_devices" DROP CONSTRAINT "known_devices_collector_id_device_hash_pk";--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_collector_id_client_id_device_hash_pk" PRIMARY KEY("collector_id","client_id","device_hash");
