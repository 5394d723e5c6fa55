-- A result's lines and explanation as json (the text as written), not jsonb: a run writes about 9 kB of them per
-- student and reads them whole; jsonb's decomposition was the largest part of a run's database time (ADR 0026).
ALTER TABLE "student_result" ALTER COLUMN "lines" SET DATA TYPE JSON,
ALTER COLUMN "explanation" SET DATA TYPE JSON;
