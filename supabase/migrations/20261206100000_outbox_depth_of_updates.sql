-- The outbox gauges (migration 20261205090000) with the updates of migration 20261206090000: an
-- update's messages are counted as waiting from the moment they are frozen, but their age runs
-- from the update's send time, and not while the team holds it: a scheduled update, or a paused
-- one, is not mail that is late. Each kind of the mail outbox is read through its own partial
-- index (welcome_emails_due: update_id is null; welcome_emails_update_due: update_id is not null).

create or replace function operator.outbox_depth() returns jsonb
  language sql stable security definer
  set search_path = ''
  return (
    select coalesce(jsonb_agg(jsonb_build_object('kind', kinds.kind, 'pending', kinds.pending, 'oldestSeconds', kinds.oldest)),
                    '[]'::jsonb)
    from (
      select e.kind, count(*) as pending, extract(epoch from now() - min(e.created_at)) as oldest
      from public.welcome_emails as e
      where e.status = 'pending' and e.update_id is null
      group by e.kind
      union all
      select 'update', count(*),
             -- Late only once due and let go: a message of a held or scheduled update has no age.
             coalesce(extract(epoch from now() - min(greatest(e.created_at, u.send_at))
                                filter (where u.paused_at is null and u.send_at <= now())), 0)
      from public.welcome_emails as e join updates.updates as u on u.id = e.update_id
      where e.status = 'pending' and e.update_id is not null
      having count(*) > 0
      union all
      select 'webhook', count(*), extract(epoch from now() - min(v.created_at))
      from webhooks.deliveries as d join webhooks.events as v on v.id = d.event_id
      where d.status = 'pending'
      having count(*) > 0
    ) as kinds
  );
