-- Jobs with progress (apps/api/src/platform/jobs): one row per job, read by GET /api/job/{id}; the runners claim
-- rows by status and lease_until. Written by `db:migrate create jobs` from prisma/schema.prisma.

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED');

-- CreateTable
CREATE TABLE "job" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" VARCHAR(100) NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "data" JSONB NOT NULL DEFAULT '{}',
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "message" VARCHAR(500),
    "errors" JSONB NOT NULL DEFAULT '[]',
    "result" JSONB,
    "started_by" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 3,
    "worker" VARCHAR(200),
    "lease_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "job_status_created_at_idx" ON "job"("status", "created_at");

-- CreateIndex
CREATE INDEX "job_started_by_created_at_idx" ON "job"("started_by", "created_at");
