-- An update's message is recorded as sent before the SMTP server can accept it (issue 40, decision
-- 0088: at most once), by public.mail_sent for that one message. When the server then refuses what it
-- was given (an answer other than 250 after the data), the sender takes the record back with this
-- function and records the failure as any other (public.mail_failed): the message is pending again,
-- held by the same sender for p_lease_seconds (a sender that dies meanwhile leaves it due when that
-- runs out), its try not counted twice, its update's `sent` count one less and the update open again
-- (its completion, and `waitlist.update.sent`, come again with the final counts). Answers whether a
-- sent message was taken back.
create function public.mail_unsent(p_id bigint, p_lease_seconds double precision) returns boolean
  language plpgsql
  set search_path = ''
  as $$
declare
  mail public.welcome_emails;
begin
  update public.welcome_emails
  set status = 'pending', sent_at = null, attempts = greatest(attempts - 1, 0),
      leased_until = now() + make_interval(secs => p_lease_seconds),
      next_attempt_at = now() + make_interval(secs => p_lease_seconds)
  where id = p_id and status = 'sent'
  returning * into mail;
  if not found then
    return false;
  end if;
  if mail.update_id is not null then
    update updates.updates set sent = sent - 1, completed_at = null where id = mail.update_id;
  end if;
  return true;
end;
$$;

revoke all on function public.mail_unsent(bigint, double precision) from public, anon, authenticated;
