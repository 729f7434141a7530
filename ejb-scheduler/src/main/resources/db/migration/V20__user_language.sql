-- The language each person chose for the admin UI (issue 17): a language code of the UI's (en, da,
-- de, fr, it; the application checks it), or NULL for the browser's language. Portable between
-- H2 2.x and PostgreSQL 15.
ALTER TABLE nas_user ADD COLUMN ui_language VARCHAR(8);
