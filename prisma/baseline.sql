-- The migration history (prisma/migrations) squashed into one script for a NEW, EMPTY database.
-- Written by `pnpm db:migrate baseline` from the history; do not edit by hand. A database that already
-- has a schema applies the history instead (see packages/db/src/baseline.ts and ADR 0033).
-- Used only while each migration named below is in the folder with this checksum.
-- covers 20261122000000_init ff64e080993271570d71ac551fca99b3264b35797a1fa6734182aa6a6131bcde
-- covers 20261122044231_audit_log 0161f150c0799f360b76bc12bba27a98d9a12e57ce9688318341e2ab45034674
-- covers 20261122045017_login_throttle 6ae7293ecdc368db61717406e7b469de6e20db782b4b1def67630283049540a8
-- covers 20261122050904_search_trgm 543e7df30f2bbc54b0ca0b04bbb152ca773d7338672a882ffdf2fdcd90406f16
-- covers 20261123070000_login_throttle_attempts 85266c841555deb4ef3a1f58e3ccc53e650ea2ef9c52416c1f5137c7a0f6f58b
-- covers 20261123105034_jobs 573a8b4f14e339da8f8faa20140cd7b0ed12176b570ca21fe93627ab457d7965
-- covers 20261123105508_audit_transitions adb718404e5c3e6093755107060100d837b65690f7fce38ac75e9287374a54d0
-- covers 20261123120000_master_data_lifecycle 4c325166b83b8b8b2f654bdede8d93c02556caf6f4b011eac1aa5b688bd1c9c2
-- covers 20261123130000_stored_files 2bb3c72862f55dbe6beb3f7a117e3e0405b568ace8506acfdfb891a2b7795666
-- covers 20261123140000_students c3e45feccc45d8f3f84f2cf2be0833c8cc8ce2252142fdb51bcda6782a3b0956
-- covers 20261123162821_exam_forms bd86ab548bb11c8ba95e4d7225b41cf06227112c7f02b6ab9029e597d00a7d7d
-- covers 20261123162851_timetable_admit_cards 046d3d7b9aedc946123682643889d3470115c15ab80353d1608ec57e31065ee1
-- covers 20261123171418_exam_forms_college_head 95c96630e347edfdd7dc80ccf850538d860dbbd0167567ee4a9a900528d6c44d
-- covers 20261123200000_conduct 693caa7dc59a67c93154c2b0a05dcfc460a1ec9b301844c56ebbfe8d9615d410
-- covers 20261123200100_marks 0a99c97806bc83bb7a265efe8c953bba67219052a5eebd6116eb0679e6e0bd3a
-- covers 20261123200200_coding 36d119d184568d4be0aaa1b1e6cd526cadfcd3ec569bc27b84de6d2bab9b1b8a
-- covers 20261123220000_results 81bc77342a5b382500a9048b30ffd2ac8d131ec5134b6b76d0fd1ff21304d500
-- covers 20261123230000_post_result 426e1a7740b734fe765993cc09cdf27af3b869584825f80379c52ec5af7c86b9
-- covers 20261124013000_result_lines_json 6c8961e95181281b148668365578cbbc61253362596bcd562db7fb5dfd3ee437
-- covers 20261124020000_documents 5a488e5e44de9c0c8b76b8c31f1ec6f49e58df35771c7c563757531ea2c84361
-- covers 20261124060000_document_issuing 611210ab406d51c5470046b1f37a04bdf69bb72e2dae44a2470908b4bab3baaf
-- covers 20261128060000_result_exception_codes 06a29826d7b19196b91775ec7bf429986135a90eec3aaeb9f6cf4d44997a230e

-- ==================== 20261122000000_init
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

-- ==================== 20261122044231_audit_log
-- CreateEnum
CREATE TYPE "AuditAction" AS ENUM ('create', 'update', 'delete');

-- CreateTable
CREATE TABLE "audit_log" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "user_id" INTEGER,
    "user_email" VARCHAR(254) NOT NULL,
    "action" "AuditAction" NOT NULL,
    "entity" VARCHAR(30) NOT NULL,
    "entity_key" VARCHAR(200) NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "request_id" VARCHAR(64),

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_log_entity_entity_key_at_idx" ON "audit_log"("entity", "entity_key", "at");

-- CreateIndex
CREATE INDEX "audit_log_at_idx" ON "audit_log"("at");

-- CreateIndex
CREATE INDEX "audit_log_user_id_at_idx" ON "audit_log"("user_id", "at");


-- The audit trail is append-only, whoever connects.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;

CREATE TRIGGER "audit_log_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();

-- ==================== 20261122045017_login_throttle
-- CreateTable
CREATE TABLE "login_throttle" (
    "key" VARCHAR(300) NOT NULL,
    "failures" INTEGER NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "blocked_until" TIMESTAMPTZ(3),

    CONSTRAINT "login_throttle_pkey" PRIMARY KEY ("key")
);

-- ==================== 20261122050904_search_trgm
-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateIndex
CREATE INDEX "ccinfo_sem_search_trgm" ON "ccinfo_sem" USING GIN ("session_id" gin_trgm_ops, "course_comb_id" gin_trgm_ops, "sem_id" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "course_search_trgm" ON "course" USING GIN ("course_comb_id" gin_trgm_ops, "course_comb_code" gin_trgm_ops, "course_comb_name4" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "paper_search_trgm" ON "paper" USING GIN ("paper_id" gin_trgm_ops, "paper_name" gin_trgm_ops, "paper_code" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "paperinfosem_search_trgm" ON "paperinfosem" USING GIN ("session_id" gin_trgm_ops, "course_comb_id" gin_trgm_ops, "sem_id" gin_trgm_ops, "paper_id" gin_trgm_ops);

-- ==================== 20261123070000_login_throttle_attempts
-- Attempts are counted before the password is checked (and given back on success), so the count is of attempts;
-- nothing is blocked for a fixed time any more: a key is refused while its window's count is over the limit.
ALTER TABLE "login_throttle" RENAME COLUMN "failures" TO "attempts";

ALTER TABLE "login_throttle" DROP COLUMN "blocked_until";

-- ==================== 20261123105034_jobs
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

-- ==================== 20261123105508_audit_transitions
-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'transition';

-- AlterTable
ALTER TABLE "audit_log" ADD COLUMN     "reason" VARCHAR(500),
ADD COLUMN     "transition" VARCHAR(40);

-- ==================== 20261123120000_master_data_lifecycle
-- The master data the examination lifecycle needs (issue 10; lifecycle-api.md "New and changed master data"):
-- colleges, departments and result rule sets; a paper's department and Hindi name; a course's Hindi name,
-- duration and level; an exam's cycle; a paper's NEP course category; the student a `student` user is.
-- Every change adds: existing rows keep their values, and legacy answers only gain fields.
-- Generated with `db:migrate create master_data_lifecycle` from prisma/schema.prisma; the trigger at the end is
-- written by hand (Prisma does not model triggers).

-- CreateEnum
CREATE TYPE "CollegeType" AS ENUM ('GOVT', 'AIDED', 'PRIVATE', 'CONSTITUENT');

-- CreateEnum
CREATE TYPE "CollegeStatus" AS ENUM ('ACTIVE', 'SUSPENDED');

-- CreateEnum
CREATE TYPE "ProgrammeLevel" AS ENUM ('UG', 'PG', 'DIPLOMA');

-- CreateEnum
CREATE TYPE "CourseCategory" AS ENUM ('MAJOR', 'MINOR', 'MDC', 'AEC', 'SEC', 'VAC', 'INTERNSHIP', 'VOCATIONAL', 'RESEARCH');

-- CreateEnum
CREATE TYPE "SchemeCode" AS ENUM ('OLD', 'NEW', 'NEP');

-- CreateEnum
CREATE TYPE "RulesetStatus" AS ENUM ('DRAFT', 'ACTIVE', 'RETIRED');

-- AlterTable
ALTER TABLE "course" ADD COLUMN     "course_comb_name_hi" VARCHAR(200),
ADD COLUMN     "duration_years" SMALLINT NOT NULL DEFAULT 3,
ADD COLUMN     "programme_level" "ProgrammeLevel";

-- AlterTable
ALTER TABLE "exam" ADD COLUMN     "rti" VARCHAR(30);

-- AlterTable
ALTER TABLE "paper" ADD COLUMN     "dept_id" VARCHAR(30),
ADD COLUMN     "paper_name_hi" VARCHAR(200);

-- AlterTable
ALTER TABLE "paperinfosem" ADD COLUMN     "course_category" "CourseCategory";

-- AlterTable: the students module adds the foreign key to its student table.
ALTER TABLE "users" ADD COLUMN     "student_id" VARCHAR(30);

-- CreateTable
CREATE TABLE "college" (
    "college_id" VARCHAR(30) NOT NULL,
    "college_name" VARCHAR(200) NOT NULL,
    "college_name_hi" VARCHAR(200),
    "college_code" VARCHAR(30),
    "district" VARCHAR(100),
    "college_type" "CollegeType" NOT NULL,
    "is_centre" SMALLINT NOT NULL DEFAULT 0,
    "status" "CollegeStatus" NOT NULL DEFAULT 'ACTIVE',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "college_pkey" PRIMARY KEY ("college_id")
);

-- CreateTable
CREATE TABLE "department" (
    "dept_id" VARCHAR(30) NOT NULL,
    "dept_name" VARCHAR(200) NOT NULL,
    "dept_name_hi" VARCHAR(200),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "department_pkey" PRIMARY KEY ("dept_id")
);

-- CreateTable
CREATE TABLE "ruleset" (
    "ruleset_id" VARCHAR(30) NOT NULL,
    "version" INTEGER NOT NULL,
    "scheme" "SchemeCode" NOT NULL,
    "wef_session_id" VARCHAR(30),
    "title" VARCHAR(200) NOT NULL,
    "rules" JSONB NOT NULL,
    "status" "RulesetStatus" NOT NULL DEFAULT 'DRAFT',
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ruleset_pkey" PRIMARY KEY ("ruleset_id","version")
);

-- CreateIndex
CREATE INDEX "ruleset_wef_session_id_idx" ON "ruleset"("wef_session_id");

-- CreateIndex
CREATE INDEX "exam_rti_idx" ON "exam"("rti");

-- CreateIndex
CREATE INDEX "paper_dept_id_idx" ON "paper"("dept_id");

-- AddForeignKey
ALTER TABLE "paper" ADD CONSTRAINT "paper_dept_id_fkey" FOREIGN KEY ("dept_id") REFERENCES "department"("dept_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam" ADD CONSTRAINT "exam_rti_fkey" FOREIGN KEY ("rti") REFERENCES "examcycle"("rti") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ruleset" ADD CONSTRAINT "ruleset_wef_session_id_fkey" FOREIGN KEY ("wef_session_id") REFERENCES "session"("session_id") ON DELETE RESTRICT ON UPDATE RESTRICT;


-- A rule-set version that a published result used never changes: once the results module sets `locked`, the
-- database refuses to update or delete the row, whoever connects (the API answers 409 LOCKED before it gets here).
CREATE FUNCTION "ruleset_locked_is_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ruleset % version % is locked: a published result used it', OLD.ruleset_id, OLD.version;
END;
$$;

CREATE TRIGGER "ruleset_locked_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "ruleset"
  FOR EACH ROW WHEN (OLD.locked) EXECUTE FUNCTION "ruleset_locked_is_immutable"();

-- ==================== 20261123130000_stored_files
-- CreateTable
CREATE TABLE "stored_file" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" VARCHAR(200) NOT NULL,
    "content_type" VARCHAR(100) NOT NULL,
    "size" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "job_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "stored_file_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "stored_file_owner_id_created_at_idx" ON "stored_file"("owner_id", "created_at");

-- CreateIndex
CREATE INDEX "stored_file_expires_at_idx" ON "stored_file"("expires_at");

-- ==================== 20261123140000_students
-- CreateTable
CREATE TABLE "student" (
    "student_id" VARCHAR(30) NOT NULL,
    "name_en" VARCHAR(200) NOT NULL,
    "name_hi" VARCHAR(200),
    "father_name_en" VARCHAR(200),
    "father_name_hi" VARCHAR(200),
    "mother_name_en" VARCHAR(200),
    "mother_name_hi" VARCHAR(200),
    "dob" VARCHAR(10) NOT NULL,
    "gender" VARCHAR(1) NOT NULL,
    "category" VARCHAR(10) NOT NULL,
    "abc_id" VARCHAR(12),
    "mobile" VARCHAR(10),
    "email" VARCHAR(254),
    "address" VARCHAR(500),
    "college_id" VARCHAR(30) NOT NULL,
    "admission_session_id" VARCHAR(30) NOT NULL,
    "status" VARCHAR(30) NOT NULL DEFAULT 'ENROLLED',
    "pwd_type" VARCHAR(50),
    "photo_sha256" VARCHAR(64),
    "photo_type" VARCHAR(20),
    "signature_sha256" VARCHAR(64),
    "signature_type" VARCHAR(20),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "student_pkey" PRIMARY KEY ("student_id")
);

-- CreateTable
CREATE TABLE "student_ccinfo" (
    "student_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "class_roll_no" VARCHAR(30),
    "student_type" VARCHAR(10) NOT NULL DEFAULT 'REGULAR',
    "medium" VARCHAR(2) NOT NULL DEFAULT 'HI',
    "attendance_percent" VARCHAR(10),
    "status" VARCHAR(30) NOT NULL DEFAULT 'ENROLLED',
    "ruleset_id" VARCHAR(30) NOT NULL,
    "ruleset_version" INTEGER NOT NULL,
    "papers_locked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "student_ccinfo_pkey" PRIMARY KEY ("student_id","session_id","course_comb_id","sem_id")
);

-- CreateTable
CREATE TABLE "student_academic" (
    "student_id" VARCHAR(30) NOT NULL,
    "seq" INTEGER NOT NULL,
    "qualification" VARCHAR(50) NOT NULL,
    "board" VARCHAR(200),
    "year" INTEGER NOT NULL,
    "roll_no" VARCHAR(30),
    "max_marks" VARCHAR(10),
    "obtained_marks" VARCHAR(10),
    "percentage" VARCHAR(10),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "student_academic_pkey" PRIMARY KEY ("student_id","seq")
);

-- CreateTable
CREATE TABLE "student_paper" (
    "student_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "choice_source" VARCHAR(12) NOT NULL,
    "group_code" VARCHAR(5) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'ACTIVE',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "student_paper_pkey" PRIMARY KEY ("student_id","session_id","course_comb_id","sem_id","paper_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "student_abc_id_key" ON "student"("abc_id");

-- CreateIndex
CREATE INDEX "student_college_id_student_id_idx" ON "student"("college_id", "student_id");

-- CreateIndex
CREATE INDEX "student_admission_session_id_idx" ON "student"("admission_session_id");

-- CreateIndex
CREATE INDEX "student_ccinfo_session_id_course_comb_id_sem_id_idx" ON "student_ccinfo"("session_id", "course_comb_id", "sem_id");

-- CreateIndex
CREATE INDEX "student_ccinfo_college_id_idx" ON "student_ccinfo"("college_id");

-- CreateIndex
CREATE INDEX "student_ccinfo_ruleset_id_ruleset_version_idx" ON "student_ccinfo"("ruleset_id", "ruleset_version");

-- CreateIndex
CREATE UNIQUE INDEX "student_ccinfo_student_id_session_id_sem_id_key" ON "student_ccinfo"("student_id", "session_id", "sem_id");

-- CreateIndex
CREATE INDEX "student_paper_session_id_course_comb_id_sem_id_paper_id_idx" ON "student_paper"("session_id", "course_comb_id", "sem_id", "paper_id");

-- AddForeignKey
ALTER TABLE "student" ADD CONSTRAINT "student_college_id_fkey" FOREIGN KEY ("college_id") REFERENCES "college"("college_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student" ADD CONSTRAINT "student_admission_session_id_fkey" FOREIGN KEY ("admission_session_id") REFERENCES "session"("session_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_ccinfo" ADD CONSTRAINT "student_ccinfo_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "student"("student_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_ccinfo" ADD CONSTRAINT "student_ccinfo_session_id_course_comb_id_sem_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id") REFERENCES "ccinfo_sem"("session_id", "course_comb_id", "sem_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_ccinfo" ADD CONSTRAINT "student_ccinfo_college_id_fkey" FOREIGN KEY ("college_id") REFERENCES "college"("college_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_ccinfo" ADD CONSTRAINT "student_ccinfo_ruleset_id_ruleset_version_fkey" FOREIGN KEY ("ruleset_id", "ruleset_version") REFERENCES "ruleset"("ruleset_id", "version") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_academic" ADD CONSTRAINT "student_academic_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "student"("student_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_paper" ADD CONSTRAINT "student_paper_student_id_session_id_course_comb_id_sem_id_fkey" FOREIGN KEY ("student_id", "session_id", "course_comb_id", "sem_id") REFERENCES "student_ccinfo"("student_id", "session_id", "course_comb_id", "sem_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_paper" ADD CONSTRAINT "student_paper_session_id_course_comb_id_sem_id_paper_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id", "paper_id") REFERENCES "paperinfosem"("session_id", "course_comb_id", "sem_id", "paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- ==================== 20261123162821_exam_forms
-- CreateTable
CREATE TABLE "exam_ccinfo" (
    "exam_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "phase" VARCHAR(20) NOT NULL DEFAULT 'PLANNED',
    "form_open_at" TIMESTAMPTZ(3),
    "form_due_at" TIMESTAMPTZ(3),
    "late_fee_close_at" TIMESTAMPTZ(3),
    "coding" VARCHAR(3) NOT NULL DEFAULT 'OFF',
    "base_fee" VARCHAR(12) NOT NULL DEFAULT '0',
    "back_paper_fee" VARCHAR(12) NOT NULL DEFAULT '0',
    "practical_fee" VARCHAR(12) NOT NULL DEFAULT '0',
    "late_fee" VARCHAR(12) NOT NULL DEFAULT '0',
    "category_concessions" VARCHAR(200),
    "allow_types" VARCHAR(100) NOT NULL DEFAULT 'REGULAR EX BACK IMPROVEMENT',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exam_ccinfo_pkey" PRIMARY KEY ("exam_id","session_id","course_comb_id","sem_id")
);

-- CreateTable
CREATE TABLE "exam_form" (
    "form_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "candidate_type" VARCHAR(12) NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'DRAFT',
    "fee_amount" VARCHAR(12) NOT NULL DEFAULT '0',
    "late_fee" VARCHAR(12) NOT NULL DEFAULT '0',
    "payment_ref" VARCHAR(60),
    "paid_amount" VARCHAR(12),
    "paid_at" TIMESTAMPTZ(3),
    "submitted_at" TIMESTAMPTZ(3),
    "verified_by" VARCHAR(254),
    "verified_at" TIMESTAMPTZ(3),
    "approved_by" VARCHAR(254),
    "approved_at" TIMESTAMPTZ(3),
    "roll_no" VARCHAR(30),
    "centre_id" VARCHAR(30),
    "status_reason" VARCHAR(500),
    "remarks" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exam_form_pkey" PRIMARY KEY ("form_id")
);

-- CreateTable
CREATE TABLE "exam_form_paper" (
    "form_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "attempt_type" VARCHAR(12) NOT NULL,
    "attempt_no" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exam_form_paper_pkey" PRIMARY KEY ("form_id","session_id","course_comb_id","sem_id","paper_id")
);

-- CreateTable
CREATE TABLE "attempt" (
    "attempt_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "form_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "attempt_type" VARCHAR(12) NOT NULL,
    "attempt_no" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attempt_pkey" PRIMARY KEY ("attempt_id")
);

-- CreateTable
CREATE TABLE "backlog" (
    "student_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "first_exam_id" VARCHAR(30),
    "reason" VARCHAR(20) NOT NULL DEFAULT 'OVERALL',
    "status" VARCHAR(10) NOT NULL DEFAULT 'OPEN',
    "attempts_used" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "backlog_pkey" PRIMARY KEY ("student_id","session_id","course_comb_id","sem_id","paper_id")
);

-- CreateIndex
CREATE INDEX "exam_ccinfo_session_id_course_comb_id_sem_id_idx" ON "exam_ccinfo"("session_id", "course_comb_id", "sem_id");

-- CreateIndex
CREATE INDEX "exam_ccinfo_phase_idx" ON "exam_ccinfo"("phase");

-- CreateIndex
CREATE INDEX "exam_form_college_id_status_idx" ON "exam_form"("college_id", "status");

-- CreateIndex
CREATE INDEX "exam_form_exam_id_status_idx" ON "exam_form"("exam_id", "status");

-- CreateIndex
CREATE INDEX "exam_form_student_id_idx" ON "exam_form"("student_id");

-- CreateIndex
CREATE UNIQUE INDEX "exam_form_exam_id_student_id_session_id_course_comb_id_sem__key" ON "exam_form"("exam_id", "student_id", "session_id", "course_comb_id", "sem_id");

-- CreateIndex
CREATE UNIQUE INDEX "exam_form_exam_id_roll_no_key" ON "exam_form"("exam_id", "roll_no");

-- CreateIndex
CREATE INDEX "exam_form_paper_session_id_course_comb_id_sem_id_paper_id_idx" ON "exam_form_paper"("session_id", "course_comb_id", "sem_id", "paper_id");

-- CreateIndex
CREATE INDEX "attempt_form_id_idx" ON "attempt"("form_id");

-- CreateIndex
CREATE INDEX "attempt_exam_id_paper_id_idx" ON "attempt"("exam_id", "paper_id");

-- CreateIndex
CREATE INDEX "attempt_student_id_idx" ON "attempt"("student_id");

-- CreateIndex
CREATE UNIQUE INDEX "attempt_exam_id_student_id_session_id_course_comb_id_sem_id_key" ON "attempt"("exam_id", "student_id", "session_id", "course_comb_id", "sem_id", "paper_id");

-- CreateIndex
CREATE INDEX "backlog_session_id_course_comb_id_sem_id_paper_id_idx" ON "backlog"("session_id", "course_comb_id", "sem_id", "paper_id");

-- AddForeignKey
ALTER TABLE "exam_ccinfo" ADD CONSTRAINT "exam_ccinfo_exam_id_fkey" FOREIGN KEY ("exam_id") REFERENCES "exam"("exam_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_ccinfo" ADD CONSTRAINT "exam_ccinfo_session_id_course_comb_id_sem_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id") REFERENCES "ccinfo_sem"("session_id", "course_comb_id", "sem_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_form" ADD CONSTRAINT "exam_form_exam_id_session_id_course_comb_id_sem_id_fkey" FOREIGN KEY ("exam_id", "session_id", "course_comb_id", "sem_id") REFERENCES "exam_ccinfo"("exam_id", "session_id", "course_comb_id", "sem_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_form" ADD CONSTRAINT "exam_form_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "student"("student_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_form" ADD CONSTRAINT "exam_form_college_id_fkey" FOREIGN KEY ("college_id") REFERENCES "college"("college_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_form_paper" ADD CONSTRAINT "exam_form_paper_form_id_fkey" FOREIGN KEY ("form_id") REFERENCES "exam_form"("form_id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_form_paper" ADD CONSTRAINT "exam_form_paper_session_id_course_comb_id_sem_id_paper_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id", "paper_id") REFERENCES "paperinfosem"("session_id", "course_comb_id", "sem_id", "paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_form_id_fkey" FOREIGN KEY ("form_id") REFERENCES "exam_form"("form_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_session_id_course_comb_id_sem_id_paper_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id", "paper_id") REFERENCES "paperinfosem"("session_id", "course_comb_id", "sem_id", "paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "backlog" ADD CONSTRAINT "backlog_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "student"("student_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "backlog" ADD CONSTRAINT "backlog_session_id_course_comb_id_sem_id_paper_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id", "paper_id") REFERENCES "paperinfosem"("session_id", "course_comb_id", "sem_id", "paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- ==================== 20261123162851_timetable_admit_cards
-- CreateTable
CREATE TABLE "timetable_slot" (
    "slot_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "courses" VARCHAR(500) NOT NULL,
    "date" VARCHAR(10) NOT NULL,
    "shift" VARCHAR(2) NOT NULL,
    "start_time" VARCHAR(5) NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "timetable_slot_pkey" PRIMARY KEY ("slot_id")
);

-- CreateTable
CREATE TABLE "timetable_slot_course" (
    "exam_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "slot_id" VARCHAR(30) NOT NULL,

    CONSTRAINT "timetable_slot_course_pkey" PRIMARY KEY ("exam_id","session_id","course_comb_id","sem_id","paper_id")
);

-- CreateTable
CREATE TABLE "admit_card" (
    "exam_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "form_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "roll_no" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30),
    "status" VARCHAR(10) NOT NULL DEFAULT 'GENERATED',
    "withheld_reason" VARCHAR(500),
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admit_card_pkey" PRIMARY KEY ("exam_id","student_id")
);

-- CreateIndex
CREATE INDEX "timetable_slot_exam_id_date_shift_idx" ON "timetable_slot"("exam_id", "date", "shift");

-- CreateIndex
CREATE INDEX "timetable_slot_paper_id_idx" ON "timetable_slot"("paper_id");

-- CreateIndex
CREATE INDEX "timetable_slot_course_slot_id_idx" ON "timetable_slot_course"("slot_id");

-- CreateIndex
CREATE INDEX "admit_card_exam_id_college_id_status_idx" ON "admit_card"("exam_id", "college_id", "status");

-- CreateIndex
CREATE INDEX "admit_card_student_id_idx" ON "admit_card"("student_id");

-- CreateIndex
CREATE UNIQUE INDEX "admit_card_exam_id_roll_no_key" ON "admit_card"("exam_id", "roll_no");

-- AddForeignKey
ALTER TABLE "timetable_slot" ADD CONSTRAINT "timetable_slot_exam_id_fkey" FOREIGN KEY ("exam_id") REFERENCES "exam"("exam_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "timetable_slot" ADD CONSTRAINT "timetable_slot_paper_id_fkey" FOREIGN KEY ("paper_id") REFERENCES "paper"("paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "timetable_slot_course" ADD CONSTRAINT "timetable_slot_course_slot_id_fkey" FOREIGN KEY ("slot_id") REFERENCES "timetable_slot"("slot_id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "admit_card" ADD CONSTRAINT "admit_card_exam_id_fkey" FOREIGN KEY ("exam_id") REFERENCES "exam"("exam_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "admit_card" ADD CONSTRAINT "admit_card_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "student"("student_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- ==================== 20261123171418_exam_forms_college_head
-- AlterTable
ALTER TABLE "users" ADD COLUMN     "college_head" BOOLEAN NOT NULL DEFAULT false;

-- ==================== 20261123200000_conduct
-- CreateTable
CREATE TABLE "centre" (
    "centre_id" VARCHAR(30) NOT NULL,
    "centre_name" VARCHAR(200) NOT NULL,
    "centre_name_hi" VARCHAR(200),
    "college_id" VARCHAR(30),
    "superintendent" VARCHAR(200),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "centre_pkey" PRIMARY KEY ("centre_id")
);

-- CreateTable
CREATE TABLE "room" (
    "centre_id" VARCHAR(30) NOT NULL,
    "room_no" VARCHAR(30) NOT NULL,
    "rows" INTEGER NOT NULL,
    "cols" INTEGER NOT NULL,
    "capacity" INTEGER NOT NULL,
    "floor" INTEGER NOT NULL DEFAULT 0,
    "accessible" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "room_pkey" PRIMARY KEY ("centre_id","room_no")
);

-- CreateTable
CREATE TABLE "candidate_need" (
    "exam_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "scribe" INTEGER NOT NULL DEFAULT 0,
    "extra_minutes" INTEGER NOT NULL DEFAULT 0,
    "ground_floor" INTEGER NOT NULL DEFAULT 0,
    "note" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "candidate_need_pkey" PRIMARY KEY ("exam_id","student_id")
);

-- CreateTable
CREATE TABLE "seating" (
    "slot_id" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30) NOT NULL,
    "date" VARCHAR(10) NOT NULL,
    "shift" VARCHAR(2) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'DRAFT',
    "revision" INTEGER NOT NULL DEFAULT 1,
    "seated" INTEGER NOT NULL DEFAULT 0,
    "unseated" INTEGER NOT NULL DEFAULT 0,
    "report" JSONB,
    "job_id" VARCHAR(60),
    "generated_at" TIMESTAMPTZ(3),
    "finalized_by" VARCHAR(254),
    "finalized_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seating_pkey" PRIMARY KEY ("slot_id","centre_id")
);

-- CreateTable
CREATE TABLE "seat_allocation" (
    "slot_id" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30) NOT NULL,
    "room_no" VARCHAR(30) NOT NULL,
    "row" INTEGER NOT NULL,
    "col" INTEGER NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "roll_no" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "paper_slot_id" VARCHAR(30) NOT NULL,
    "needs" VARCHAR(60),

    CONSTRAINT "seat_allocation_pkey" PRIMARY KEY ("slot_id","centre_id","room_no","row","col")
);

-- CreateTable
CREATE TABLE "attendance" (
    "slot_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "room_no" VARCHAR(30),
    "roll_no" VARCHAR(30) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'PRESENT',
    "answer_book_no" VARCHAR(30),
    "entered_by" VARCHAR(254),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attendance_pkey" PRIMARY KEY ("slot_id","student_id")
);

-- CreateTable
CREATE TABLE "attendance_sheet" (
    "slot_id" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'PENDING',
    "answer_books_received" INTEGER,
    "entered_by" VARCHAR(254),
    "verified_by" VARCHAR(254),
    "locked_by" VARCHAR(254),
    "locked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attendance_sheet_pkey" PRIMARY KEY ("slot_id","centre_id")
);

-- CreateTable
CREATE TABLE "ufm_case" (
    "case_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "slot_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "roll_no" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30),
    "college_id" VARCHAR(30) NOT NULL,
    "reported_by" VARCHAR(200) NOT NULL,
    "nature" VARCHAR(20) NOT NULL,
    "seized_material" VARCHAR(500),
    "statement" VARCHAR(2000),
    "status" VARCHAR(20) NOT NULL DEFAULT 'REPORTED',
    "decision" VARCHAR(2),
    "punishment" VARCHAR(500),
    "debar_exams" INTEGER,
    "notice_issued_at" TIMESTAMPTZ(3),
    "hearing_notes" VARCHAR(2000),
    "decided_by" VARCHAR(254),
    "decided_at" TIMESTAMPTZ(3),
    "approved_by" VARCHAR(254),
    "approved_at" TIMESTAMPTZ(3),
    "appeal_reason" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ufm_case_pkey" PRIMARY KEY ("case_id")
);

-- CreateIndex
CREATE INDEX "seating_date_shift_idx" ON "seating"("date", "shift");

-- CreateIndex
CREATE INDEX "seat_allocation_slot_id_centre_id_paper_id_idx" ON "seat_allocation"("slot_id", "centre_id", "paper_id");

-- CreateIndex
CREATE UNIQUE INDEX "seat_allocation_paper_slot_id_student_id_key" ON "seat_allocation"("paper_slot_id", "student_id");

-- CreateIndex
CREATE INDEX "attendance_slot_id_centre_id_idx" ON "attendance"("slot_id", "centre_id");

-- CreateIndex
CREATE INDEX "attendance_exam_id_paper_id_idx" ON "attendance"("exam_id", "paper_id");

-- CreateIndex
CREATE INDEX "attendance_sheet_exam_id_paper_id_idx" ON "attendance_sheet"("exam_id", "paper_id");

-- CreateIndex
CREATE INDEX "ufm_case_exam_id_paper_id_idx" ON "ufm_case"("exam_id", "paper_id");

-- CreateIndex
CREATE INDEX "ufm_case_slot_id_student_id_idx" ON "ufm_case"("slot_id", "student_id");

-- AddForeignKey
ALTER TABLE "room" ADD CONSTRAINT "room_centre_id_fkey" FOREIGN KEY ("centre_id") REFERENCES "centre"("centre_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "seating" ADD CONSTRAINT "seating_centre_id_fkey" FOREIGN KEY ("centre_id") REFERENCES "centre"("centre_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "seat_allocation" ADD CONSTRAINT "seat_allocation_slot_id_centre_id_fkey" FOREIGN KEY ("slot_id", "centre_id") REFERENCES "seating"("slot_id", "centre_id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- Enumerations and numbers checked by the database as well (the API's contracts say the same).
ALTER TABLE "room" ADD CONSTRAINT "room_size_check" CHECK ("rows" > 0 AND "cols" > 0 AND "capacity" > 0 AND "capacity" <= "rows" * "cols");
ALTER TABLE "room" ADD CONSTRAINT "room_accessible_check" CHECK ("accessible" IN (0, 1));
ALTER TABLE "seating" ADD CONSTRAINT "seating_status_check" CHECK ("status" IN ('DRAFT', 'FINAL'));
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_status_check" CHECK ("status" IN ('PRESENT', 'ABSENT', 'UFM'));
ALTER TABLE "attendance_sheet" ADD CONSTRAINT "attendance_sheet_status_check" CHECK ("status" IN ('PENDING', 'ENTERED', 'VERIFIED', 'LOCKED'));
ALTER TABLE "ufm_case" ADD CONSTRAINT "ufm_case_status_check" CHECK ("status" IN ('REPORTED', 'SHOW_CAUSE_ISSUED', 'HEARD', 'DECIDED', 'APPROVED', 'APPLIED', 'CLOSED', 'APPEALED', 'APPEAL_DECIDED'));
ALTER TABLE "ufm_case" ADD CONSTRAINT "ufm_case_decision_check" CHECK ("decision" IS NULL OR "decision" IN ('U0', 'U1', 'U2', 'U3', 'U4'));

-- Centres: every college marked as an examination centre (is_centre = 1) is one, under its college id, which is the
-- centre_id roll allotment writes onto exam forms and admit cards.
INSERT INTO "centre" ("centre_id", "centre_name", "college_id")
SELECT "college_id", "college_name", "college_id" FROM "college" WHERE "is_centre" = 1
ON CONFLICT DO NOTHING;

-- The read model of attendance for the marks and coding modules: one row per attempt (exam × student × paper) with
-- the slot the paper is written in (timetable_slot_course), the candidate's centre (attendance, else admit card),
-- the attendance status (PRESENT, ABSENT, UFM; NULL while the candidate has no attendance row: not seated yet or
-- withheld), the answer-book number, the status of the attendance sheet of that slot and centre (NULL before the
-- plan is final) and whether an unfair-means case of that paper is still open (not yet APPLIED or CLOSED: the
-- paper's result is withheld, RW).
CREATE VIEW "attempt_attendance" AS
SELECT a."attempt_id", a."exam_id", a."paper_id", a."student_id", a."college_id",
       tsc."slot_id",
       COALESCE(att."centre_id", ac."centre_id") AS "centre_id",
       att."status",
       att."answer_book_no",
       sh."status" AS "sheet_status",
       EXISTS (
         SELECT 1 FROM "ufm_case" u
         WHERE u."exam_id" = a."exam_id" AND u."student_id" = a."student_id" AND u."paper_id" = a."paper_id"
           AND u."status" NOT IN ('APPLIED', 'CLOSED')
       ) AS "ufm_open"
FROM "attempt" a
LEFT JOIN "timetable_slot_course" tsc
  ON tsc."exam_id" = a."exam_id" AND tsc."session_id" = a."session_id" AND tsc."course_comb_id" = a."course_comb_id"
 AND tsc."sem_id" = a."sem_id" AND tsc."paper_id" = a."paper_id"
LEFT JOIN "admit_card" ac ON ac."exam_id" = a."exam_id" AND ac."student_id" = a."student_id"
LEFT JOIN "attendance" att ON att."slot_id" = tsc."slot_id" AND att."student_id" = a."student_id"
LEFT JOIN "attendance_sheet" sh ON sh."slot_id" = tsc."slot_id" AND sh."centre_id" = COALESCE(att."centre_id", ac."centre_id");

-- ==================== 20261123200100_marks
-- CreateTable
CREATE TABLE "cia_pattern" (
    "pattern_id" VARCHAR(30) NOT NULL,
    "scheme" VARCHAR(4) NOT NULL,
    "wef_session_id" VARCHAR(30) NOT NULL,
    "title" VARCHAR(200),
    "rounding" VARCHAR(14) NOT NULL DEFAULT 'ROUND_HALF_UP',
    "decimals" SMALLINT NOT NULL DEFAULT 0,
    "components" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cia_pattern_pkey" PRIMARY KEY ("pattern_id")
);

-- CreateTable
CREATE TABLE "entry_batch" (
    "batch_id" VARCHAR(30) NOT NULL,
    "component" VARCHAR(3) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "unit_key" VARCHAR(120) NOT NULL,
    "college_id" VARCHAR(30),
    "dept_id" VARCHAR(30),
    "coded" BOOLEAN NOT NULL DEFAULT false,
    "packet_no" VARCHAR(40),
    "entry_no" SMALLINT NOT NULL DEFAULT 1,
    "pattern_id" VARCHAR(30),
    "max_marks" DECIMAL(6,2) NOT NULL,
    "practical_date" VARCHAR(10),
    "practical_shift" VARCHAR(2),
    "lab" VARCHAR(60),
    "internal_examiner" VARCHAR(200),
    "external_examiner" VARCHAR(200),
    "status" VARCHAR(10) NOT NULL DEFAULT 'OPEN',
    "deadline" TIMESTAMPTZ(3),
    "row_count" INTEGER NOT NULL DEFAULT 0,
    "entered_by" VARCHAR(254),
    "submitted_by" VARCHAR(254),
    "submitted_at" TIMESTAMPTZ(3),
    "verified_by" VARCHAR(254),
    "verified_at" TIMESTAMPTZ(3),
    "locked_by" VARCHAR(254),
    "locked_at" TIMESTAMPTZ(3),
    "status_reason" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "entry_batch_pkey" PRIMARY KEY ("batch_id")
);

-- CreateTable
CREATE TABLE "entry_row" (
    "batch_id" VARCHAR(30) NOT NULL,
    "line" INTEGER NOT NULL,
    "attempt_id" VARCHAR(30),
    "fict_no" VARCHAR(30),
    "value" DECIMAL(6,2),
    "status" VARCHAR(5),
    "component_marks" JSONB,
    "marks_in_words" VARCHAR(120),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "entry_row_pkey" PRIMARY KEY ("batch_id","line")
);

-- CreateTable
CREATE TABLE "mark_record" (
    "attempt_id" VARCHAR(30) NOT NULL,
    "component" VARCHAR(3) NOT NULL,
    "value" DECIMAL(6,2),
    "status" VARCHAR(5),
    "source" VARCHAR(12) NOT NULL,
    "batch_id" VARCHAR(30),
    "correction_id" VARCHAR(30),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mark_record_pkey" PRIMARY KEY ("attempt_id","component")
);

-- CreateTable
CREATE TABLE "mark_correction" (
    "correction_id" VARCHAR(30) NOT NULL,
    "attempt_id" VARCHAR(30) NOT NULL,
    "component" VARCHAR(3) NOT NULL,
    "old" VARCHAR(8),
    "new" VARCHAR(8) NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "kind" VARCHAR(14) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'REQUESTED',
    "requested_by" VARCHAR(254) NOT NULL,
    "approved_by" VARCHAR(254),
    "approved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mark_correction_pkey" PRIMARY KEY ("correction_id")
);

-- CreateTable
CREATE TABLE "mark_moderation" (
    "correction_id" VARCHAR(30) NOT NULL,
    "attempt_id" VARCHAR(30) NOT NULL,
    "component" VARCHAR(3) NOT NULL,
    "batch_id" VARCHAR(30),
    "before_value" DECIMAL(6,2),
    "after_value" DECIMAL(6,2) NOT NULL,
    "remarks" VARCHAR(500) NOT NULL,
    "approved_by" VARCHAR(254) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mark_moderation_pkey" PRIMARY KEY ("correction_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "cia_pattern_scheme_wef_session_id_key" ON "cia_pattern"("scheme", "wef_session_id");

-- CreateIndex
CREATE INDEX "entry_batch_exam_id_paper_id_idx" ON "entry_batch"("exam_id", "paper_id");

-- CreateIndex
CREATE INDEX "entry_batch_college_id_idx" ON "entry_batch"("college_id");

-- CreateIndex
CREATE INDEX "entry_batch_packet_no_idx" ON "entry_batch"("packet_no");

-- CreateIndex
CREATE UNIQUE INDEX "entry_batch_exam_id_session_id_course_comb_id_sem_id_paper__key" ON "entry_batch"("exam_id", "session_id", "course_comb_id", "sem_id", "paper_id", "component", "unit_key");

-- CreateIndex
CREATE INDEX "entry_row_attempt_id_idx" ON "entry_row"("attempt_id");

-- CreateIndex
CREATE UNIQUE INDEX "entry_row_batch_id_attempt_id_key" ON "entry_row"("batch_id", "attempt_id");

-- CreateIndex
CREATE UNIQUE INDEX "entry_row_batch_id_fict_no_key" ON "entry_row"("batch_id", "fict_no");

-- CreateIndex
CREATE INDEX "mark_record_batch_id_idx" ON "mark_record"("batch_id");

-- CreateIndex
CREATE INDEX "mark_correction_attempt_id_idx" ON "mark_correction"("attempt_id");

-- CreateIndex
CREATE INDEX "mark_moderation_attempt_id_idx" ON "mark_moderation"("attempt_id");

-- AddForeignKey
ALTER TABLE "entry_row" ADD CONSTRAINT "entry_row_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "entry_batch"("batch_id") ON DELETE CASCADE ON UPDATE RESTRICT;


-- A mark is a value or a status, never both (lifecycle-api "Marks values"); values at most two places, never negative.
ALTER TABLE "entry_row" ADD CONSTRAINT "entry_row_value_or_status_check" CHECK ("value" IS NULL OR "status" IS NULL);
ALTER TABLE "entry_row" ADD CONSTRAINT "entry_row_value_check" CHECK ("value" IS NULL OR "value" >= 0);
ALTER TABLE "entry_row" ADD CONSTRAINT "entry_row_key_check" CHECK ("attempt_id" IS NOT NULL OR "fict_no" IS NOT NULL);
ALTER TABLE "mark_record" ADD CONSTRAINT "mark_record_value_or_status_check" CHECK (("value" IS NULL) <> ("status" IS NULL));
ALTER TABLE "entry_batch" ADD CONSTRAINT "entry_batch_component_check" CHECK ("component" IN ('INT', 'EXT', 'PR'));
ALTER TABLE "entry_batch" ADD CONSTRAINT "entry_batch_entry_no_check" CHECK ("entry_no" IN (1, 2));
ALTER TABLE "entry_batch" ADD CONSTRAINT "entry_batch_status_check" CHECK ("status" IN ('OPEN', 'DRAFT', 'SUBMITTED', 'VERIFIED', 'LOCKED', 'REOPENED'));
ALTER TABLE "mark_correction" ADD CONSTRAINT "mark_correction_kind_check" CHECK ("kind" IN ('DATA_ENTRY', 'REVALUATION', 'MODERATION', 'GRACE', 'ADMINISTRATIVE'));

-- The final rows of LOCKED coded award lists (entry 1 of every packet whose two entries are LOCKED): what a decode
-- joins with the coding map in one statement (apps/api/src/modules/marks/award-lists.ts).
CREATE VIEW "locked_award_row" AS
SELECT b."exam_id", b."paper_id", b."packet_no", r."fict_no", r."value", r."status", b."batch_id"
  FROM "entry_batch" b
  JOIN "entry_row" r ON r."batch_id" = b."batch_id"
 WHERE b."component" = 'EXT' AND b."coded" AND b."entry_no" = 1 AND b."status" = 'LOCKED'
   AND EXISTS (SELECT 1 FROM "entry_batch" b2
                WHERE b2."component" = 'EXT' AND b2."coded" AND b2."packet_no" = b."packet_no" AND b2."entry_no" = 2 AND b2."status" = 'LOCKED');

-- ==================== 20261123200200_coding
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

-- ==================== 20261123220000_results
-- Results (lifecycle S8/S9): result runs, versioned student results, exceptions and diffs (docs/decisions/0026).

-- CreateTable
CREATE TABLE "result_run" (
    "run_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "scheme" VARCHAR(4) NOT NULL,
    "allow_result_later" BOOLEAN NOT NULL DEFAULT false,
    "status" VARCHAR(12) NOT NULL DEFAULT 'COMPUTING',
    "ruleset_id" VARCHAR(30),
    "ruleset_version" INTEGER,
    "previous_run_id" VARCHAR(30),
    "job_id" VARCHAR(40),
    "inputs" JSONB,
    "student_count" INTEGER NOT NULL DEFAULT 0,
    "pass_count" INTEGER NOT NULL DEFAULT 0,
    "fail_count" INTEGER NOT NULL DEFAULT 0,
    "promoted_count" INTEGER NOT NULL DEFAULT 0,
    "absent_count" INTEGER NOT NULL DEFAULT 0,
    "rl_count" INTEGER NOT NULL DEFAULT 0,
    "rw_count" INTEGER NOT NULL DEFAULT 0,
    "ufm_count" INTEGER NOT NULL DEFAULT 0,
    "detained_count" INTEGER NOT NULL DEFAULT 0,
    "exception_count" INTEGER NOT NULL DEFAULT 0,
    "changed_count" INTEGER NOT NULL DEFAULT 0,
    "version_count" INTEGER NOT NULL DEFAULT 0,
    "started_by" VARCHAR(254),
    "computed_at" TIMESTAMPTZ(3),
    "verified_by" VARCHAR(254),
    "verified_at" TIMESTAMPTZ(3),
    "approved_by" VARCHAR(254),
    "approved_at" TIMESTAMPTZ(3),
    "published_by" VARCHAR(254),
    "published_at" TIMESTAMPTZ(3),
    "notification_no" VARCHAR(60),
    "notification_date" VARCHAR(10),
    "status_reason" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "result_run_pkey" PRIMARY KEY ("run_id")
);

-- CreateTable
CREATE TABLE "student_result" (
    "student_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "version" INTEGER NOT NULL,
    "run_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "status" VARCHAR(12) NOT NULL DEFAULT 'COMPUTED',
    "ruleset_id" VARCHAR(30) NOT NULL,
    "ruleset_version" INTEGER NOT NULL,
    "scheme" VARCHAR(4) NOT NULL,
    "total" VARCHAR(20),
    "max_total" VARCHAR(20),
    "percentage" VARCHAR(20),
    "division" VARCHAR(20),
    "credits_registered" VARCHAR(20),
    "credits_earned" VARCHAR(20),
    "credit_points" VARCHAR(20),
    "sgpa" VARCHAR(20),
    "cgpa" VARCHAR(20),
    "result" VARCHAR(12) NOT NULL,
    "backlogs" JSONB NOT NULL,
    "backlog_reasons" JSONB NOT NULL,
    "lines" JSONB NOT NULL,
    "explanation" JSONB NOT NULL,
    "digest" VARCHAR(32) NOT NULL,
    "first_attempt" BOOLEAN NOT NULL DEFAULT true,
    "supersedes_version" INTEGER,
    "published_at" TIMESTAMPTZ(3),
    "notification_no" VARCHAR(60),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "student_result_pkey" PRIMARY KEY ("student_id","exam_id","session_id","course_comb_id","sem_id","version")
);

-- CreateTable
CREATE TABLE "result_exception" (
    "run_id" VARCHAR(30) NOT NULL,
    "seq" INTEGER NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30),
    "attempt_id" VARCHAR(30),
    "component" VARCHAR(3),
    "code" VARCHAR(24) NOT NULL,
    "message" VARCHAR(500) NOT NULL,

    CONSTRAINT "result_exception_pkey" PRIMARY KEY ("run_id","seq")
);

-- CreateTable
CREATE TABLE "result_diff" (
    "run_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "change" VARCHAR(8) NOT NULL,
    "changes" JSONB NOT NULL,

    CONSTRAINT "result_diff_pkey" PRIMARY KEY ("run_id","student_id")
);

-- CreateIndex
CREATE INDEX "result_run_exam_id_session_id_course_comb_id_sem_id_idx" ON "result_run"("exam_id", "session_id", "course_comb_id", "sem_id");

-- CreateIndex
CREATE INDEX "student_result_run_id_idx" ON "student_result"("run_id");

-- CreateIndex
CREATE INDEX "student_result_exam_id_session_id_course_comb_id_sem_id_sta_idx" ON "student_result"("exam_id", "session_id", "course_comb_id", "sem_id", "status");

-- CreateIndex
CREATE INDEX "result_exception_run_id_student_id_idx" ON "result_exception"("run_id", "student_id");

-- A published result never changes: only its move to SUPERSEDED or WITHDRAWN (status, status time) is allowed, and it
-- is never deleted. A correction is a new version (lifecycle §2.4 "result lines").
CREATE FUNCTION "student_result_published_is_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'student_result % / % version % is published and cannot be deleted', OLD.student_id, OLD.exam_id, OLD.version USING ERRCODE = 'P0001';
  END IF;
  IF NEW.status NOT IN ('SUPERSEDED', 'WITHDRAWN', 'PUBLISHED')
     OR (to_jsonb(NEW) - 'status' - 'updated_at') IS DISTINCT FROM (to_jsonb(OLD) - 'status' - 'updated_at') THEN
    RAISE EXCEPTION 'student_result % / % version % is published and cannot change; compute a new version', OLD.student_id, OLD.exam_id, OLD.version USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "student_result_published_no_change"
  BEFORE UPDATE OR DELETE ON "student_result"
  FOR EACH ROW WHEN (OLD.status <> 'COMPUTED') EXECUTE FUNCTION "student_result_published_is_immutable"();

-- ==================== 20261123230000_post_result
-- Post-result applications (lifecycle S9, state machine I): re-totalling, revaluation, photocopy; re-coding of revalued books.

-- CreateTable
CREATE TABLE "post_result_application" (
    "app_id" VARCHAR(30) NOT NULL,
    "type" VARCHAR(10) NOT NULL,
    "attempt_id" VARCHAR(30) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'APPLIED',
    "student_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "component" VARCHAR(3) NOT NULL DEFAULT 'EXT',
    "applied_on" VARCHAR(10) NOT NULL,
    "applied_by" VARCHAR(254) NOT NULL,
    "last_day" VARCHAR(10) NOT NULL,
    "fee" VARCHAR(12),
    "payment_ref" VARCHAR(60),
    "max_marks" VARCHAR(8),
    "original_marks" VARCHAR(8),
    "reval_marks" VARCHAR(8),
    "third_marks" VARCHAR(8),
    "needs_third_valuation" BOOLEAN NOT NULL DEFAULT false,
    "final_marks" VARCHAR(8),
    "outcome_rule" VARCHAR(10),
    "outcome" VARCHAR(500),
    "explanation" JSONB NOT NULL DEFAULT '[]',
    "examiner_id" VARCHAR(30),
    "correction_id" VARCHAR(30),
    "run_id" VARCHAR(30),
    "original_version" INTEGER,
    "new_version" INTEGER,
    "notice" VARCHAR(500),
    "status_reason" VARCHAR(500),
    "decided_by" VARCHAR(254),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_result_application_pkey" PRIMARY KEY ("app_id"),
    CONSTRAINT "post_result_application_type_check" CHECK ("type" IN ('RETOTAL', 'REVAL', 'PHOTOCOPY')),
    CONSTRAINT "post_result_application_status_check" CHECK ("status" IN ('APPLIED', 'FEE_VERIFIED', 'ACCEPTED', 'IN_PROCESS', 'EVALUATED', 'RESULT_COMPUTED', 'PUBLISHED', 'CLOSED', 'REJECTED'))
);

-- CreateTable
CREATE TABLE "post_result_coding" (
    "app_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "fict_no" VARCHAR(30) NOT NULL,
    "examiner_id" VARCHAR(30) NOT NULL,
    "first_examiner_id" VARCHAR(30),
    "coded_by" VARCHAR(254) NOT NULL,
    "coded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_result_coding_pkey" PRIMARY KEY ("app_id"),
    CONSTRAINT "post_result_coding_app_fkey" FOREIGN KEY ("app_id") REFERENCES "post_result_application"("app_id") ON DELETE RESTRICT ON UPDATE RESTRICT
);

-- CreateIndex
CREATE INDEX "post_result_application_student_id_idx" ON "post_result_application"("student_id");
CREATE INDEX "post_result_application_attempt_id_idx" ON "post_result_application"("attempt_id");
CREATE INDEX "post_result_application_exam_id_paper_id_idx" ON "post_result_application"("exam_id", "paper_id");
CREATE UNIQUE INDEX "post_result_coding_fict_no_key" ON "post_result_coding"("fict_no");
CREATE INDEX "post_result_coding_exam_id_paper_id_idx" ON "post_result_coding"("exam_id", "paper_id");

-- ==================== 20261124013000_result_lines_json
-- A result's lines and explanation as json (the text as written), not jsonb: a run writes about 9 kB of them per
-- student and reads them whole; jsonb's decomposition was the largest part of a run's database time (ADR 0026).
ALTER TABLE "student_result" ALTER COLUMN "lines" SET DATA TYPE JSON,
ALTER COLUMN "explanation" SET DATA TYPE JSON;

-- ==================== 20261124020000_documents
-- Documents (lifecycle S10/S11, §5, state machine J; ADR 0028): numbering series, documents as frozen payload snapshots,
-- the stationery spoilage register, the verification log, and the signing key of an installation without DOCUMENT_SIGNING_KEY.

-- CreateTable
CREATE TABLE "document_series" (
    "series_id" VARCHAR(30) NOT NULL,
    "doc_type" VARCHAR(24) NOT NULL,
    "year" INTEGER NOT NULL,
    "prefix" VARCHAR(30) NOT NULL,
    "next_no" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_series_pkey" PRIMARY KEY ("series_id"),
    CONSTRAINT "document_series_next_no_check" CHECK ("next_no" >= 1)
);

-- CreateTable
CREATE TABLE "document" (
    "doc_id" VARCHAR(30) NOT NULL,
    "doc_type" VARCHAR(24) NOT NULL,
    "subtype" VARCHAR(30),
    "status" VARCHAR(12) NOT NULL DEFAULT 'DRAFTED',
    "series_id" VARCHAR(30),
    "serial_no" VARCHAR(40),
    "stationery_serial" VARCHAR(40),
    "student_id" VARCHAR(30) NOT NULL,
    "holder_id" VARCHAR(30),
    "college_id" VARCHAR(30) NOT NULL,
    "name_en" VARCHAR(200),
    "name_hi" VARCHAR(200),
    "exam_id" VARCHAR(30),
    "session_id" VARCHAR(30),
    "course_comb_id" VARCHAR(30),
    "sem_id" VARCHAR(30),
    "result_version" INTEGER,
    "basis" JSONB NOT NULL,
    "scheme" VARCHAR(4),
    "template_id" VARCHAR(40) NOT NULL,
    "template_version" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "payload_hash" VARCHAR(64) NOT NULL,
    "marker" VARCHAR(10),
    "duplicate_of" VARCHAR(30),
    "supersedes" VARCHAR(30),
    "superseded_by" VARCHAR(30),
    "cancel_reason" VARCHAR(500),
    "approval_required" BOOLEAN NOT NULL DEFAULT true,
    "verification_token" VARCHAR(1000),
    "verify_url" VARCHAR(1200),
    "prepared_by" VARCHAR(254),
    "checked_by" VARCHAR(254),
    "approved_by" VARCHAR(254),
    "issued_by" VARCHAR(254),
    "checked_at" TIMESTAMPTZ(3),
    "approved_at" TIMESTAMPTZ(3),
    "issued_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_pkey" PRIMARY KEY ("doc_id"),
    CONSTRAINT "document_doc_type_check" CHECK ("doc_type" IN ('MARKSHEET', 'CONSOLIDATED_MARKSHEET', 'TRANSCRIPT', 'PROVISIONAL_DEGREE', 'DEGREE', 'MIGRATION', 'CERTIFICATE')),
    CONSTRAINT "document_status_check" CHECK ("status" IN ('DRAFTED', 'CHECKED', 'APPROVED', 'ISSUED', 'CANCELLED', 'SUPERSEDED')),
    CONSTRAINT "document_marker_check" CHECK ("marker" IS NULL OR "marker" IN ('DUPLICATE', 'REVISED')),
    CONSTRAINT "document_numbered_check" CHECK ("status" IN ('DRAFTED', 'CHECKED') OR "cancel_reason" IS NOT NULL OR ("serial_no" IS NOT NULL AND "verification_token" IS NOT NULL))
);

-- CreateTable
CREATE TABLE "stationery_spoilage" (
    "spoil_id" VARCHAR(30) NOT NULL,
    "stationery_serial" VARCHAR(40) NOT NULL,
    "doc_id" VARCHAR(30),
    "reason" VARCHAR(500) NOT NULL,
    "recorded_by" VARCHAR(254) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stationery_spoilage_pkey" PRIMARY KEY ("spoil_id")
);

-- CreateTable
CREATE TABLE "verification_log" (
    "id" BIGSERIAL NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "doc_id" VARCHAR(30),
    "result" VARCHAR(20) NOT NULL,
    "ip" VARCHAR(64),
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verification_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_signing_key" (
    "kid" VARCHAR(64) NOT NULL,
    "private_pem" TEXT NOT NULL,
    "public_pem" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_signing_key_pkey" PRIMARY KEY ("kid")
);

-- CreateIndex
CREATE UNIQUE INDEX "document_series_doc_type_year_key" ON "document_series"("doc_type", "year");

-- CreateIndex
CREATE INDEX "document_student_id_idx" ON "document"("student_id");

-- CreateIndex
CREATE INDEX "document_holder_id_idx" ON "document"("holder_id");

-- CreateIndex
CREATE INDEX "document_exam_id_doc_type_status_idx" ON "document"("exam_id", "doc_type", "status");

-- CreateIndex
CREATE INDEX "document_status_idx" ON "document"("status");

-- CreateIndex
CREATE UNIQUE INDEX "document_series_id_serial_no_key" ON "document"("series_id", "serial_no");

-- CreateIndex
CREATE UNIQUE INDEX "stationery_spoilage_stationery_serial_key" ON "stationery_spoilage"("stationery_serial");

-- CreateIndex
CREATE INDEX "verification_log_at_idx" ON "verification_log"("at");

-- CreateIndex
CREATE INDEX "verification_log_doc_id_idx" ON "verification_log"("doc_id");

-- AddForeignKey
ALTER TABLE "document" ADD CONSTRAINT "document_series_id_fkey" FOREIGN KEY ("series_id") REFERENCES "document_series"("series_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Nothing issued is ever edited (lifecycle §5.1): the payload is frozen at drafting; from APPROVED only the move to
-- ISSUED or CANCELLED may be written, from ISSUED only the move to SUPERSEDED or CANCELLED; SUPERSEDED and CANCELLED
-- rows never change; no document is deleted (a number is never reused; gaps are explained by CANCELLED rows).
CREATE FUNCTION "document_issued_is_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  allowed text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'document % is kept: cancel it (with a reason) instead of deleting it', OLD.doc_id USING ERRCODE = 'P0001';
  END IF;
  IF NEW.payload IS DISTINCT FROM OLD.payload OR NEW.payload_hash IS DISTINCT FROM OLD.payload_hash THEN
    RAISE EXCEPTION 'the payload of document % is frozen at drafting; draft a new document', OLD.doc_id USING ERRCODE = 'P0001';
  END IF;
  IF OLD.status IN ('DRAFTED', 'CHECKED') THEN
    RETURN NEW;
  END IF;
  allowed := CASE OLD.status
    WHEN 'APPROVED' THEN ARRAY['status', 'holder_id', 'issued_by', 'issued_at', 'cancel_reason', 'cancelled_at', 'updated_at']
    WHEN 'ISSUED' THEN ARRAY['status', 'holder_id', 'superseded_by', 'cancel_reason', 'cancelled_at', 'updated_at']
    ELSE ARRAY[]::text[]
  END;
  IF (to_jsonb(NEW) - allowed) IS DISTINCT FROM (to_jsonb(OLD) - allowed)
     OR (OLD.status = 'APPROVED' AND NEW.status NOT IN ('APPROVED', 'ISSUED', 'CANCELLED'))
     OR (OLD.status = 'ISSUED' AND NEW.status NOT IN ('ISSUED', 'SUPERSEDED', 'CANCELLED')) THEN
    RAISE EXCEPTION 'document % is % and cannot change; issue a duplicate or a revised document', OLD.doc_id, OLD.status USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "document_issued_no_change"
  BEFORE UPDATE OR DELETE ON "document"
  FOR EACH ROW EXECUTE FUNCTION "document_issued_is_immutable"();

-- Series numbers only grow.
CREATE FUNCTION "document_series_never_back"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.next_no < OLD.next_no THEN
    RAISE EXCEPTION 'document series % never goes back: a number is never reused', OLD.series_id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "document_series_no_reuse"
  BEFORE UPDATE OR DELETE ON "document_series"
  FOR EACH ROW EXECUTE FUNCTION "document_series_never_back"();

-- ==================== 20261124060000_document_issuing
-- CreateTable
CREATE TABLE "document_issuing" (
    "detail_key" VARCHAR(30) NOT NULL,
    "value_en" VARCHAR(200) NOT NULL,
    "value_hi" VARCHAR(200),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_issuing_pkey" PRIMARY KEY ("detail_key")
);

-- ==================== 20261128060000_result_exception_codes
-- AlterTable: an exception's message as its code and parameters too (read in the reader's language)
ALTER TABLE "result_exception" ADD COLUMN "message_code" VARCHAR(60),
ADD COLUMN "params" JSONB;
