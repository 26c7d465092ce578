-- An update completes also when its last queued message goes with its reader (issue 40). A reader who
-- leaves or is erased takes their queued messages with them (on delete cascade), and nobody records
-- those: when the last one queued went so, no sender was left to call updates.complete_if_done, and
-- the update stayed "sending" with nothing queued and no waitlist.update.sent. The statement that
-- deletes queued update messages now asks for their updates' completion, as recording them does.

create function updates.complete_after_messages_gone() returns trigger
  language plpgsql security definer
  set search_path = ''
  as $$
begin
  perform updates.complete_if_done(array(
    select distinct gone.update_id from gone where gone.update_id is not null and gone.status = 'pending'
  ));
  return null;
end;
$$;
revoke all on function updates.complete_after_messages_gone() from public, anon, authenticated;

create trigger welcome_emails_update_messages_gone
  after delete on public.welcome_emails
  referencing old table as gone
  for each statement execute function updates.complete_after_messages_gone();
