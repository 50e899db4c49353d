ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- The admins there were could do everything: they become the owners.
UPDATE "users" SET "staff_role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK ("users"."staff_role" in ('owner', 'finance', 'support', 'dispatcher'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_admin_check" CHECK (("users"."role" = 'admin') = ("users"."staff_role" is not null));