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
