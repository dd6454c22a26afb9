-- The language a job is written in: pages mark its text with it, and search stems its words in that language
-- (PostgreSQL's snowball configurations; Polish has none and is matched word for word). Every job before this was
-- posted in English. The list is JOB_LANGUAGES (packages/shared/src/languages.ts).
ALTER TABLE jobs ADD COLUMN language text NOT NULL DEFAULT 'en' 
  CHECK (language IN ('en', 'de', 'ar', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'tr'));

CREATE FUNCTION job_text_config(language text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE language
    WHEN 'en' THEN 'english'::regconfig
    WHEN 'de' THEN 'german'::regconfig
    WHEN 'ar' THEN 'arabic'::regconfig
    WHEN 'fr' THEN 'french'::regconfig
    WHEN 'es' THEN 'spanish'::regconfig
    WHEN 'it' THEN 'italian'::regconfig
    WHEN 'nl' THEN 'dutch'::regconfig
    WHEN 'pt' THEN 'portuguese'::regconfig
    WHEN 'tr' THEN 'turkish'::regconfig
    ELSE 'simple'::regconfig
  END
$$;

-- What "what" searches: the title counts most (A), then company and skills (B), then the description (D).
CREATE OR REPLACE FUNCTION jobs_search_doc() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  config regconfig := job_text_config(NEW.language);
BEGIN
  NEW.search_doc :=
    setweight(to_tsvector(config, NEW.job_title), 'A') ||
    setweight(to_tsvector(config, NEW.company_name || ' ' || array_to_string(NEW.skill_keys, ' ')), 'B') ||
    setweight(to_tsvector(config, left(NEW.description, 2000)), 'D');
  RETURN NEW;
END
$$;
DROP TRIGGER jobs_search_doc ON jobs;
CREATE TRIGGER jobs_search_doc BEFORE INSERT OR UPDATE OF job_title, company_name, skill_keys, description, language
  ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_search_doc();
