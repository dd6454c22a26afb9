-- Every word of the jobs' search documents (their lexemes, as stemmed), for a counting pass to ask for a prefix as the
-- words it stands for (search.repository.ts, TextLists.wordsQuery). A prefix ('appli':*) makes the GIN index match
-- every entry from the prefix on, each posting list gathered into a bitmap on its own: 100-117 ms for "applied" at a
-- million jobs, where the same 269,000 jobs asked for as its two words ('applic' | 'appli') take 41 ms.
--
-- Kept complete as jobs are written: a word is added, in the same transaction, by the statement that first puts it
-- in a job, and is never removed (a word no job holds any more matches nothing, and a prefix reads it for nothing).
-- Added in sorted order, so two transactions adding the same new words wait for each other in one order, never in a
-- cycle. The C collation lets a prefix be read as a range of the primary key.
CREATE TABLE search_lexemes (lexeme text COLLATE "C" PRIMARY KEY);

CREATE FUNCTION search_lexemes_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT w FROM new_rows n, unnest(tsvector_to_array(n.search_doc)) AS w ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

-- On update only the rows whose words changed (a status change, a moderation, keeps them).
CREATE FUNCTION search_lexemes_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT w FROM new_rows n JOIN old_rows o ON o.seq = n.seq, unnest(tsvector_to_array(n.search_doc)) AS w
   WHERE n.search_doc IS DISTINCT FROM o.search_doc ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_search_lexemes_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_add();
CREATE TRIGGER jobs_search_lexemes_update AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_change();

INSERT INTO search_lexemes (lexeme)
SELECT DISTINCT w FROM jobs, unnest(tsvector_to_array(search_doc)) AS w;
ANALYZE search_lexemes;
