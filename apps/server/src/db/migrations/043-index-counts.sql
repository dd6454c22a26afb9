-- The open-job counts per place, skill, title and company (migrations 005 and 006) go with their four statement
-- triggers: completions, the spelling's vocabulary and the top skills' labels are read from each instance's search
-- index (decision record 36), which counts its open jobs itself, so no job write pays for them any more.
DROP TRIGGER jobs_top_counts_insert ON jobs;
DROP TRIGGER jobs_top_counts_update_remove ON jobs;
DROP TRIGGER jobs_top_counts_update_add ON jobs;
DROP TRIGGER jobs_top_counts_delete ON jobs;
DROP FUNCTION job_top_counts_add();
DROP FUNCTION job_top_counts_remove();
DROP TABLE job_place_counts;
DROP TABLE job_skill_counts;
DROP TABLE job_title_counts;
DROP TABLE job_company_counts;
