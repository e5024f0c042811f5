CREATE TABLE "sms_ticket_end" (
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"ended_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sms_ticket_end_phone_purpose_pk" PRIMARY KEY("phone","purpose")
);
