CREATE TABLE "receipt_registrations" (
	"receipt_no" text PRIMARY KEY NOT NULL,
	"registrations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
