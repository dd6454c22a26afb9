-- A job's region (issue 29: "Springfield, IL" must not find Springfield, MA): the postal abbreviation of the
-- United States', Canada's or Australia's region the poster named ('IL'), or '' when none was named; such a job
-- is taken to be in its city's most populous namesake (places.ts regionsMatched). Searches read it through
-- jobs only (samples and facet keys stay as they are: a "City, Region" search narrows a city's few jobs).
ALTER TABLE jobs ADD COLUMN region text NOT NULL DEFAULT '' CONSTRAINT jobs_region_length CHECK (char_length(region) <= 3);
