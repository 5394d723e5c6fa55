-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "YesNo" AS ENUM ('Y', 'N');

-- CreateEnum
CREATE TYPE "GroupCode" AS ENUM ('NG', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8', 'G9', 'G10');

-- CreateEnum
CREATE TYPE "TheoryPractical" AS ENUM ('TH', 'PR');

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'office', 'faculty', 'result', 'calculate', 'document', 'document_admin', 'student');

-- CreateEnum
CREATE TYPE "UserSystem" AS ENUM ('university', 'college');

-- CreateTable
CREATE TABLE "session" (
    "session_id" VARCHAR(30) NOT NULL,
    "session_name" VARCHAR(200) NOT NULL,
    "current_status" VARCHAR(100),
    "session_disc" VARCHAR(500),
    "session_short_disc" VARCHAR(200),
    "session_format_1" VARCHAR(100),
    "session_format_2" VARCHAR(100),
    "session_format_3" VARCHAR(100),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_pkey" PRIMARY KEY ("session_id")
);

-- CreateTable
CREATE TABLE "course" (
    "course_comb_id" VARCHAR(30) NOT NULL,
    "course_id" VARCHAR(30),
    "course_comb_code" VARCHAR(50),
    "course_comb_name1" VARCHAR(200),
    "course_comb_name2" VARCHAR(200),
    "course_comb_name3" VARCHAR(200),
    "course_comb_name4" VARCHAR(200) NOT NULL,
    "th_pr_id" VARCHAR(30),
    "remark" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "course_pkey" PRIMARY KEY ("course_comb_id")
);

-- CreateTable
CREATE TABLE "paper" (
    "paper_id" VARCHAR(30) NOT NULL,
    "paper_name" VARCHAR(200) NOT NULL,
    "paper_code" VARCHAR(50),
    "paper_desc" VARCHAR(500),
    "paper_code_desc" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "paper_pkey" PRIMARY KEY ("paper_id")
);

-- CreateTable
CREATE TABLE "sempart" (
    "sem_id" VARCHAR(30) NOT NULL,
    "sem_name" VARCHAR(200) NOT NULL,
    "sem_disc1" VARCHAR(200),
    "sem_disc2" VARCHAR(200),
    "sem_disc3" VARCHAR(200),
    "sem_disc4" VARCHAR(200),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sempart_pkey" PRIMARY KEY ("sem_id")
);

-- CreateTable
CREATE TABLE "ccinfo_sem" (
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ccinfo_sem_pkey" PRIMARY KEY ("session_id","course_comb_id","sem_id")
);

-- CreateTable
CREATE TABLE "paperinfosem" (
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "group_status" "YesNo" NOT NULL,
    "group_code" "GroupCode" NOT NULL,
    "max_marks" VARCHAR(10),
    "min_marks" VARCHAR(10),
    "ext_max_marks" VARCHAR(10),
    "ext_min_marks" VARCHAR(10),
    "int_max_marks" VARCHAR(10),
    "int_min_marks" VARCHAR(10),
    "th_pr_status" "TheoryPractical" NOT NULL,
    "paper_score_status" "YesNo" NOT NULL,
    "credit_point" VARCHAR(10),
    "paper_type" SMALLINT NOT NULL,
    "elective_status" SMALLINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "paperinfosem_pkey" PRIMARY KEY ("session_id","course_comb_id","sem_id","paper_id")
);

-- CreateTable
CREATE TABLE "exam" (
    "exam_id" VARCHAR(30) NOT NULL,
    "exam_desc" VARCHAR(500),
    "active_status" SMALLINT NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exam_pkey" PRIMARY KEY ("exam_id")
);

-- CreateTable
CREATE TABLE "examcycle" (
    "rti" VARCHAR(30) NOT NULL,
    "student_exam_cycle" VARCHAR(200) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "examcycle_pkey" PRIMARY KEY ("rti")
);

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "password_hash" VARCHAR(100) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "role" "Role" NOT NULL,
    "system" "UserSystem",
    "dept_id" VARCHAR(30),
    "college_id" VARCHAR(30),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "revoked_token" (
    "jti" VARCHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "revoked_token_pkey" PRIMARY KEY ("jti")
);

-- CreateIndex
CREATE INDEX "course_course_comb_name4_idx" ON "course"("course_comb_name4");

-- CreateIndex
CREATE INDEX "ccinfo_sem_course_comb_id_idx" ON "ccinfo_sem"("course_comb_id");

-- CreateIndex
CREATE INDEX "ccinfo_sem_sem_id_idx" ON "ccinfo_sem"("sem_id");

-- CreateIndex
CREATE INDEX "paperinfosem_course_comb_id_idx" ON "paperinfosem"("course_comb_id");

-- CreateIndex
CREATE INDEX "paperinfosem_paper_id_idx" ON "paperinfosem"("paper_id");

-- CreateIndex
CREATE INDEX "exam_session_id_active_status_idx" ON "exam"("session_id", "active_status");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "revoked_token_expires_at_idx" ON "revoked_token"("expires_at");

-- AddForeignKey
ALTER TABLE "ccinfo_sem" ADD CONSTRAINT "ccinfo_sem_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "session"("session_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ccinfo_sem" ADD CONSTRAINT "ccinfo_sem_course_comb_id_fkey" FOREIGN KEY ("course_comb_id") REFERENCES "course"("course_comb_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ccinfo_sem" ADD CONSTRAINT "ccinfo_sem_sem_id_fkey" FOREIGN KEY ("sem_id") REFERENCES "sempart"("sem_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "paperinfosem" ADD CONSTRAINT "paperinfosem_session_id_course_comb_id_sem_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id") REFERENCES "ccinfo_sem"("session_id", "course_comb_id", "sem_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "paperinfosem" ADD CONSTRAINT "paperinfosem_course_comb_id_fkey" FOREIGN KEY ("course_comb_id") REFERENCES "course"("course_comb_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "paperinfosem" ADD CONSTRAINT "paperinfosem_paper_id_fkey" FOREIGN KEY ("paper_id") REFERENCES "paper"("paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam" ADD CONSTRAINT "exam_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "session"("session_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Numeric enumerations (Prisma has no numeric enums): enforced by the database as well as by the contracts.
ALTER TABLE "paperinfosem" ADD CONSTRAINT "paperinfosem_paper_type_check" CHECK ("paper_type" IN (0, 1, 2));
ALTER TABLE "paperinfosem" ADD CONSTRAINT "paperinfosem_elective_status_check" CHECK ("elective_status" IN (0, 1));
ALTER TABLE "exam" ADD CONSTRAINT "exam_active_status_check" CHECK ("active_status" IN (0, 1));
