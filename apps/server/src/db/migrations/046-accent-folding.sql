-- Accents folded in the words search reads, so "cafe" finds "Café" and "café" finds "Cafe": the job's text is
-- folded before it is stemmed, and so is the text searched for (relevance.ts foldAccents, the same table, which a
-- test compares with this function). Latin letters only; stemmers that fold umlauts themselves (german) see the
-- same word either way.
CREATE FUNCTION fold_accents(text text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate(
    replace(replace(replace(replace(replace(text, 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'AE'), 'œ', 'oe'), 'Œ', 'OE'),
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿĀāĂăĄąĆćČčĎďĐđĒēĘęĚěĞğĪīİıŁłŃńŇňŌōŐőŘřŚśŞşŠšŢţŤťŪūŮůŰűŸŹźŻżŽž',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyyAaAaAaCcCcDdDdEeEeEeGgIiIiLlNnNnOoOoRrSsSsSsTtTtUuUuUuYZzZzZz')
$$;

-- What "what" searches: the title counts most (A), then company and skills (B), then the description (D).
CREATE OR REPLACE FUNCTION jobs_search_doc() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  config regconfig := job_text_config(NEW.language);
BEGIN
  NEW.search_doc :=
    setweight(to_tsvector(config, fold_accents(NEW.job_title)), 'A') ||
    setweight(to_tsvector(config, fold_accents(NEW.company_name || ' ' || array_to_string(NEW.skill_keys, ' '))), 'B') ||
    setweight(to_tsvector(config, fold_accents(left(NEW.description, 2000))), 'D');
  RETURN NEW;
END
$$;

-- The jobs with a letter to fold have their words written again (setting the language fires the trigger above,
-- and the change log the search index catches up from).
UPDATE jobs SET language = language
  WHERE job_title || company_name || array_to_string(skill_keys, ' ') || left(description, 2000) ~ '[À-ž]';
