-- CreateTable
CREATE TABLE "document_issuing" (
    "detail_key" VARCHAR(30) NOT NULL,
    "value_en" VARCHAR(200) NOT NULL,
    "value_hi" VARCHAR(200),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_issuing_pkey" PRIMARY KEY ("detail_key")
);
