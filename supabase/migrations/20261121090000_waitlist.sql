-- The free-trial waitlist (docs/product.md §4). The public (anon) key can reach PostgREST directly,
-- so the database itself refuses bad rows and lets anon do nothing but insert.

create table public.waitlist (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  role text not null,
  company_size text not null default 'unknown',
  created_at timestamptz not null default now(),
  constraint waitlist_email_format check (
    char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  constraint waitlist_role_length check (char_length(btrim(role)) between 1 and 200),
  constraint waitlist_company_size_unknown check (company_size = 'unknown')
);

comment on table public.waitlist is 'Free-trial sign-ups from the landing page: address, role and the fixed company size. '
  'The name is not stored here; welcome_emails keeps it with the pending welcome only.';

-- One sign-up per address, whatever its case.
create unique index waitlist_email_lower_key on public.waitlist (lower(email));

alter table public.waitlist enable row level security;

grant usage on schema public to anon, authenticated;
revoke all on table public.waitlist from anon, authenticated;
grant insert (email, role, company_size) on table public.waitlist to anon, authenticated;

create policy "Visitors can join the waitlist"
  on public.waitlist for insert to anon, authenticated
  with check (true);
