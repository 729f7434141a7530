-- Domain passwords are stored sealed (AES-GCM with a key kept in the installation's secrets
-- directory, never in the database); a password stored in the clear before this version is sealed
-- by the application when it starts, which then empties the old column. A password entry can also
-- be a login form: the names of its user and password fields.
ALTER TABLE domain_password ALTER COLUMN password DROP NOT NULL;
ALTER TABLE domain_password ADD COLUMN password_sealed VARCHAR(1024);
ALTER TABLE domain_password ADD COLUMN login_user_field VARCHAR(256);
ALTER TABLE domain_password ADD COLUMN login_password_field VARCHAR(256);
