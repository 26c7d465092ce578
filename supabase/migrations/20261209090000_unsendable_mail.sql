-- A message no one can send as it is (issue 40, decision 0070): an SMTP error with no reply code, a
-- request Resend cannot take. Given up at once like a refusal, but its inbox is not to blame: only
-- `rejected` (a 5xx naming the recipient, Resend's 422, an address no mail can go to) marks the inbox
-- undeliverable. An update counts it as failed, not bounced. A kind this function does not know is an
-- error rather than a silent retry.
create or replace function public.mail_failed(p_id bigint, p_reason text, p_kind text, p_max_attempts integer,
                                              p_max_age_seconds double precision, p_retry_seconds double precision)
  returns text
  language plpgsql
  set search_path = ''
  as $$
declare
  mail public.welcome_emails;
begin
  if p_kind is null or p_kind not in ('rejected', 'unsendable', 'deferred') then
    raise exception 'unknown failure kind %', p_kind using errcode = '22023';
  end if;
  update public.welcome_emails as welcome
  set attempts = welcome.attempts + 1,
      last_error = left(p_reason, 1000),
      leased_until = null,
      status = case when given_up.last then 'failed' else 'pending' end,
      failed_at = case when given_up.last then now() end,
      next_attempt_at = case when given_up.last then now() else now() + make_interval(
        secs => least(p_retry_seconds * power(2, welcome.attempts), p_retry_seconds * 15) * (0.8 + random() * 0.4)) end
  from (select id, p_kind <> 'deferred' or attempts + 1 >= p_max_attempts
                   or created_at < now() - make_interval(secs => p_max_age_seconds) as last
        from public.welcome_emails where id = p_id and status = 'pending') as given_up
  where welcome.id = given_up.id
  returning welcome.* into mail;
  if not found then
    return 'pending';
  end if;
  if mail.status = 'failed' and p_kind = 'rejected' then
    perform guard.mark_undeliverable(mail.email, p_reason);
  end if;
  if mail.status = 'failed' and mail.update_id is not null then
    update updates.updates
    set bounced = bounced + (p_kind = 'rejected')::integer, failed = failed + (p_kind <> 'rejected')::integer
    where id = mail.update_id;
    perform updates.complete_if_done(array[mail.update_id]);
  end if;
  return mail.status;
end;
$$;
