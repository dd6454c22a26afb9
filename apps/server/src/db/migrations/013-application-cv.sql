-- Applications with a cover note and a CV (issue 14, point 1; decision record 23).

-- An uploaded CV: the bytes are in the private store (DATA_DIR/private/cvs, or the S3 prefix cvs/), never served
-- by URL; this row says whose it is and what it is. Deleting the account deletes the rows; their files stay in
-- the store until swept (decision record 23, "Consequences").
CREATE TABLE cvs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  -- The original name, cleaned (letters, digits, dashes) with the extension of the detected type.
  file_name text NOT NULL CONSTRAINT cvs_file_name_length CHECK (char_length(file_name) BETWEEN 1 AND 120),
  content_type text NOT NULL CONSTRAINT cvs_content_type_check CHECK (content_type IN (
    'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
  size integer NOT NULL CONSTRAINT cvs_size_check CHECK (size BETWEEN 1 AND 5242880),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cvs_owner_idx ON cvs (owner_id, created_at);

-- What the applicant sent: both optional, so the spec's one-click apply makes the same row as before.
ALTER TABLE applications
  ADD COLUMN cover_note text CONSTRAINT applications_cover_note_length CHECK (char_length(cover_note) BETWEEN 1 AND 5000),
  ADD COLUMN cv_id uuid REFERENCES cvs (id) ON DELETE SET NULL;
CREATE INDEX applications_cv_idx ON applications (cv_id) WHERE cv_id IS NOT NULL;

-- The key the CV links are signed with: its own, beside the unsubscribe links' (migration 010).
INSERT INTO app_secrets (name, secret)
VALUES ('cv-links', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));
