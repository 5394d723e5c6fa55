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
