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
