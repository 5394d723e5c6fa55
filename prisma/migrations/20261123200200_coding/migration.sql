-- AlterTable
ALTER TABLE "users" ADD COLUMN     "secrecy" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "coding" (
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "status" VARCHAR(12) NOT NULL DEFAULT 'NOT_CODED',
    "method" VARCHAR(6),
    "books" INTEGER NOT NULL DEFAULT 0,
    "packets" INTEGER NOT NULL DEFAULT 0,
    "coded_by" VARCHAR(254),
    "coded_at" TIMESTAMPTZ(3),
    "decode_job_id" VARCHAR(60),
    "decoded_by" VARCHAR(254),
    "decoded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "coding_pkey" PRIMARY KEY ("exam_id","paper_id")
);

-- CreateTable
CREATE TABLE "coding_map" (
    "exam_id" VARCHAR(30) NOT NULL,
    "fict_no" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "attempt_id" VARCHAR(30) NOT NULL,
    "answer_book_no" VARCHAR(30),
    "method" VARCHAR(6) NOT NULL,
    "packet_no" VARCHAR(40),
    "coded_by" VARCHAR(254) NOT NULL,
    "coded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "coding_map_pkey" PRIMARY KEY ("exam_id","fict_no")
);

-- CreateTable
CREATE TABLE "packet" (
    "packet_no" VARCHAR(40) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "seq" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "first_fict" VARCHAR(30) NOT NULL,
    "last_fict" VARCHAR(30) NOT NULL,
    "examiner_id" VARCHAR(30),
    "status" VARCHAR(10) NOT NULL DEFAULT 'CREATED',
    "assigned_at" TIMESTAMPTZ(3),
    "received_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "packet_pkey" PRIMARY KEY ("packet_no")
);

-- CreateTable
CREATE TABLE "examiner" (
    "examiner_id" VARCHAR(30) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "college_id" VARCHAR(30),
    "institution" VARCHAR(200),
    "papers" VARCHAR(500),
    "phone" VARCHAR(20),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "examiner_pkey" PRIMARY KEY ("examiner_id")
);

-- CreateTable
CREATE TABLE "decode_exception" (
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" VARCHAR(24) NOT NULL,
    "fict_no" VARCHAR(30),
    "attempt_id" VARCHAR(30),
    "detail" VARCHAR(500) NOT NULL,

    CONSTRAINT "decode_exception_pkey" PRIMARY KEY ("exam_id","paper_id","seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "coding_map_attempt_id_key" ON "coding_map"("attempt_id");

-- CreateIndex
CREATE INDEX "coding_map_exam_id_paper_id_idx" ON "coding_map"("exam_id", "paper_id");

-- CreateIndex
CREATE UNIQUE INDEX "packet_exam_id_paper_id_seq_key" ON "packet"("exam_id", "paper_id", "seq");
