-- The Launch tool's preview of an update (docs/decisions/0070-updates.md): a real reader's values
-- (name and place in line) from the people the filter reaches, the first of them as the freeze would
-- take them. Audited as a read of that person, by id only.

/** The first person p_filter reaches (waitlistId, name, place; null when it reaches nobody), audited. */
create function updates.sample(p_actor text, p_filter jsonb) returns jsonb
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  person jsonb;
begin
  perform updates.check_filter(p_filter);
  select jsonb_build_object('waitlistId', a.waitlist_id, 'name', a.name, 'place', referrals.place_of(a.waitlist_id))
  into person from updates.audience(p_filter) as a limit 1;
  insert into operator.audit (actor, action, detail)
  values (p_actor, 'updates.previewed', jsonb_build_object('filter', p_filter, 'person', person -> 'waitlistId'));
  return person;
end;
$$;

-- The same over PostgREST's /rpc for a hosted project.
create function public.updates_sample(p_actor text, p_filter jsonb) returns jsonb
  language sql security definer set search_path = '' return updates.sample(p_actor, p_filter);

revoke all on function updates.sample(text, jsonb) from public, anon, authenticated;
revoke all on function public.updates_sample(text, jsonb) from public, anon, authenticated;
grant execute on function updates.sample(text, jsonb) to service_role;
grant execute on function public.updates_sample(text, jsonb) to service_role;

/** Records a test of an update sent to the address the operator typed (their own, not a reader's). */
create function updates.test_sent(p_actor text, p_document text, p_to text) returns void
  language sql security definer
  set search_path = ''
  begin atomic
    insert into operator.audit (actor, action, detail)
    values (p_actor, 'updates.test.sent', jsonb_build_object('document', p_document, 'to', p_to));
  end;

create function public.updates_test_sent(p_actor text, p_document text, p_to text) returns void
  language sql security definer set search_path = '' begin atomic select updates.test_sent(p_actor, p_document, p_to); end;

revoke all on function updates.test_sent(text, text, text) from public, anon, authenticated;
revoke all on function public.updates_test_sent(text, text, text) from public, anon, authenticated;
grant execute on function updates.test_sent(text, text, text) to service_role;
grant execute on function public.updates_test_sent(text, text, text) to service_role;
