-- What the outboxes hold now, for the server's metrics (GET /metrics, docs/operations.md "Metrics"):
-- per kind of message, how many wait and how old the oldest of them is. Prometheus reads it on every
-- scrape, so it reads only the pending rows, through the partial indexes on them
-- (welcome_emails_due, deliveries_due). A kind of public.welcome_emails added later is counted
-- without a change here; a new outbox table needs its own branch.

create function operator.outbox_depth() returns jsonb
  language sql stable security definer
  set search_path = ''
  return (
    select coalesce(jsonb_agg(jsonb_build_object('kind', kinds.kind, 'pending', kinds.pending, 'oldestSeconds', kinds.oldest)),
                    '[]'::jsonb)
    from (
      select e.kind, count(*) as pending, extract(epoch from now() - min(e.created_at)) as oldest
      from public.welcome_emails as e
      where e.status = 'pending'
      group by e.kind
      union all
      select 'webhook', count(*), extract(epoch from now() - min(v.created_at))
      from webhooks.deliveries as d join webhooks.events as v on v.id = d.event_id
      where d.status = 'pending'
      having count(*) > 0
    ) as kinds
  );

-- The same over PostgREST's /rpc, for a server in front of a hosted project (its secret key).
create function public.operator_outbox_depth() returns jsonb
  language sql stable security definer set search_path = ''
  return operator.outbox_depth();

revoke all on function operator.outbox_depth() from public, anon, authenticated;
revoke all on function public.operator_outbox_depth() from public, anon, authenticated;
grant execute on function operator.outbox_depth() to service_role;
grant execute on function public.operator_outbox_depth() to service_role;
