-- The waitlist's table comment, as the database shows it to whoever opens the table: it said the
-- name was not stored, but the pending welcome (welcome_emails.name) keeps it to greet the person.
comment on table public.waitlist is
  'Free-trial sign-ups from the landing page: address, role and the fixed company size. '
  'The name is not stored here; welcome_emails keeps it with the pending welcome only.';
