-- A sign-up or a confirmation no endpoint asked for builds no webhook payload (issue 23): a
-- project without webhooks is the common case, and every sign-up built the event's JSON before
-- webhooks.emit found that nobody wanted it. Removals keep their own rule (webhooks.person_removed).

create or replace function webhooks.signup_changed() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  event_type text := case tg_op when 'INSERT' then 'waitlist.signup.created' when 'UPDATE' then 'waitlist.signup.confirmed' end;
begin
  if tg_op = 'DELETE' then
    perform webhooks.person_removed(old.id, old.email);
  elsif exists (select from webhooks.endpoints where disabled_at is null and event_type = any(events)) then
    perform webhooks.emit(event_type, new.id, case when tg_op = 'INSERT' then jsonb_build_object(
        'id', new.id, 'email', new.email, 'role', new.role, 'companySize', new.company_size,
        'locale', coalesce(new.signup_locale, new.consent_locale), 'createdAt', new.created_at)
      else jsonb_build_object('id', new.id, 'email', new.email, 'confirmedAt', new.confirmed_at) end);
  end if;
  return null;
end;
$$;
