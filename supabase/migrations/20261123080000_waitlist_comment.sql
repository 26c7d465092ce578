-- Databases migrated before 2026-11-23 carry an older table comment that pointed readers to a
-- document outside the repository; this states where the name really is kept.
comment on table public.waitlist is
  'Free-trial sign-ups from the landing page: address, role and the fixed company size. '
  'The name is not stored here; welcome_emails keeps it with the pending welcome only.';
