-- The welcome-email outbox. The function records a welcome here and answers at once;
-- a sender delivers it and retries with backoff until it succeeds
-- (docs/decisions/0006-welcome-email-outbox.md). Neither anon nor authenticated can reach it.

create table public.welcome_emails (
  id bigint generated always as identity primary key,
  -- At most one welcome per address: one row per waitlist entry, enforced here.
  waitlist_id uuid not null unique references public.waitlist (id) on delete cascade,
  email text not null,
  name text not null check (char_length(name) between 1 and 200),
  locale text not null check (locale in ('pt', 'en')),
  status text not null default 'pending' check (status in ('pending', 'sent')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

comment on table public.welcome_emails is 'Who was welcomed and when; pending rows are delivered by the welcome sender.';

create index welcome_emails_due on public.welcome_emails (next_attempt_at) where status = 'pending';

alter table public.welcome_emails enable row level security;
revoke all on table public.welcome_emails from anon, authenticated;
