-- Leaving the list takes the whole inbox off it, and the links say what is true (docs/product.md
-- §4.5, decision 0038). Migration 20261125090000 remembered the mailbox that left, but deleted only
-- the one place: another spelling of the same inbox listed before (a stranger's `c.arol+x@gmail.com`
-- beside `carol@gmail.com`) stayed, and could still be welcomed into the inbox that had just left.
-- The remembered hashes were pruned only when someone else left, so they could outlive their period.
-- And a removal link whose place was gone said "you have left" even once the mailbox, forgotten, had
-- been put back on the list.

-- The places of one inbox, found without reading the whole list.
create index waitlist_by_mailbox on public.waitlist (guard.mailbox_key(email));
-- Index expressions are evaluated with the inserting role's rights.
grant execute on function guard.mailbox_key(text) to anon, authenticated, service_role;

/**
 * The places removed at their person's request, while their mailbox is remembered: a removal link
 * of one of them says the person is off the list, which holds only while no spelling of that inbox
 * can be put back. They go with the mailbox's row.
 */
create table guard.removed_places (
  waitlist_id uuid primary key,
  mailbox_hash bytea not null references guard.removed_mailboxes (mailbox_hash) on delete cascade
);
create index removed_places_by_mailbox on guard.removed_places (mailbox_hash);
alter table guard.removed_places enable row level security;

/**
 * Removes a place and every other place of the same inbox (their welcomes cascade), and remembers
 * the mailbox and those places for the removal_memory period. True when there was a place. The
 * lock is the insert trigger's: a spelling of the inbox added meanwhile waits, then finds the
 * mailbox remembered.
 */
create or replace function guard.remove_place(place_id uuid) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  address text;
  mailbox text;
  hash bytea;
begin
  select email into address from public.waitlist where id = place_id;
  if address is null then
    return false;
  end if;
  mailbox := guard.mailbox_key(address);
  hash := guard.mailbox_hash(address);
  perform pg_advisory_xact_lock(hashtextextended('mailbox:' || mailbox, 0));
  insert into guard.removed_mailboxes (mailbox_hash, forget_at)
  select hash, now() + period from guard.settings where name = 'removal_memory'
  on conflict (mailbox_hash) do update set forget_at = excluded.forget_at;
  with gone as (
    delete from public.waitlist where guard.mailbox_key(email) = mailbox returning id
  )
  insert into guard.removed_places (waitlist_id, mailbox_hash)
  select id, hash from gone
  on conflict (waitlist_id) do nothing;
  return true;
end;
$$;

/** The retention sweep's step: forgets the mailboxes whose period is over, with their places. Answers how many. */
create function guard.forget_left_mailboxes() returns integer
  language sql security definer
  set search_path = ''
  begin atomic
    with forgotten as (
      delete from guard.removed_mailboxes where forget_at <= now() returning 1
    )
    select count(*)::integer from forgotten;
  end;

/** True while the place was removed at its person's request and its mailbox is still remembered. */
create function guard.place_left(place_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
  return exists (
    select from guard.removed_places p join guard.removed_mailboxes m using (mailbox_hash)
    where p.waitlist_id = place_id and m.forget_at > now()
  );

revoke all on table guard.removed_places from public;
revoke all on function guard.forget_left_mailboxes() from public;
revoke all on function guard.place_left(uuid) from public;
