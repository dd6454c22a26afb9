-- A seeker's profile keeps their CVs and a headline, location and links (issue 33, point 4; decision record 44).

-- A CV on the profile is a cvs row with on_profile_since set; at most five per owner (counted under the owner's
-- row lock, cvs.service.ts), one of them the default. Removing it from the profile deletes the row and file when no
-- application carries it; otherwise only on_profile_since goes, and the applications keep reading the same file.
ALTER TABLE cvs
  ADD COLUMN label text CONSTRAINT cvs_label_length CHECK (char_length(label) BETWEEN 1 AND 80),
  ADD COLUMN on_profile_since timestamptz,
  ADD COLUMN is_default boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT cvs_default_on_profile CHECK (NOT is_default OR on_profile_since IS NOT NULL);
CREATE UNIQUE INDEX cvs_one_default_idx ON cvs (owner_id) WHERE is_default;
CREATE INDEX cvs_profile_idx ON cvs (owner_id, on_profile_since) WHERE on_profile_since IS NOT NULL;

-- What employers see of an applicant beside the spec's name, e-mail and resume link; a row only once saved.
CREATE TABLE candidate_profiles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  headline text NOT NULL DEFAULT '' CONSTRAINT candidate_profiles_headline_length CHECK (char_length(headline) <= 120),
  location text NOT NULL DEFAULT '' CONSTRAINT candidate_profiles_location_length CHECK (char_length(location) <= 100),
  links text[] NOT NULL DEFAULT '{}' CONSTRAINT candidate_profiles_links_count CHECK (cardinality(links) <= 5),
  updated_at timestamptz NOT NULL DEFAULT now()
);
