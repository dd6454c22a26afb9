-- The language an account reads the board and its e-mails in (issue 35; decision record 48). NULL: not chosen, so
-- the browser's cookie or Accept-Language decides its pages, and its e-mails are in English.
ALTER TABLE users
  ADD COLUMN locale text CONSTRAINT users_locale_known CHECK (locale IN ('en', 'de', 'ar'));
