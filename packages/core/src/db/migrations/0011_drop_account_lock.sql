ALTER TABLE "customers" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "locked_until";