// Rules of the administrators' passwords that the forms check before Supabase Auth does. The
// server's own rule is supabase/config.toml's [auth] minimum_password_length (hosted: the
// project's Auth settings); tests/lint/constants.test.ts proves the two say the same.

/** The fewest characters a password may have. */
export const MIN_PASSWORD_LENGTH = 10;
