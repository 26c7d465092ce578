-- The sweeps of expired counts (guard.take) and spent proofs of work (guard.spend_challenge) read
-- their tables through the expiry index. Without an order, a plan made while the table was small
-- (a connection's first call after start) scanned the whole table on every later call of that
-- connection: each sign-up and welcome request read every count of the open windows, three times,
-- so a launch spike made each request slower than the one before. Ordered by expiry with a limit,
-- the planner takes the index whatever the table held, and a sweep reads only what it deletes.
-- The count of a subject's requests had the same flaw; it now reads that subject's newest
-- requests, newest first, and no more than its limit.

create or replace function guard.take(bucket_name text, subject text) returns integer
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  rule guard.limits;
  digest bytea := sha256(convert_to(coalesce(subject, ''), 'UTF8'));
  freed_at timestamptz;
  expired tid;
begin
  select * into rule from guard.limits where bucket = bucket_name;
  if not found then
    raise exception 'No limit named %', bucket_name using errcode = '22023';
  end if;

  -- Expired rows of any subject, a bounded batch per call (each call adds at most one): the
  -- table never holds more than the windows still open. Rows another call is deleting are skipped.
  -- In expiry order, so that the scan is the expiry index's and stops at the first open window;
  -- each row deleted by its own address (one statement for them all planned a whole-table scan).
  for expired in
    select ctid from guard.hits where expires_at <= now() order by expires_at limit 100 for update skip locked
  loop
    delete from guard.hits where ctid = expired;
  end loop;

  -- Two requests of one subject wait for each other, so both cannot take the last place.
  perform pg_advisory_xact_lock(hashtextextended(bucket_name || ':' || encode(digest, 'hex'), 0));

  -- The subject's max_hits-th newest request in the window, if it has that many: the window has
  -- room again when that one leaves it. Newest first through the subject's index, so a subject
  -- costs at most max_hits rows read, and a plan made on an empty table still takes the index.
  select at + rule.per into freed_at
  from guard.hits
  where bucket = bucket_name and subject_hash = digest and at > now() - rule.per
  order by at desc
  offset rule.max_hits - 1
  limit 1;
  if found then
    return greatest(1, ceil(extract(epoch from freed_at - now())))::integer;
  end if;

  insert into guard.hits (bucket, subject_hash, at, expires_at) values (bucket_name, digest, now(), now() + rule.per);
  return 0;
end;
$$;

create or replace function guard.spend_challenge(challenge_nonce text, challenge_expires_at timestamptz) returns boolean
  language plpgsql security definer
  set search_path = ''
  as $$
declare
  added integer;
  expired tid;
begin
  for expired in
    select ctid from guard.spent_challenges where expires_at <= now() order by expires_at limit 100 for update skip locked
  loop
    delete from guard.spent_challenges where ctid = expired;
  end loop;
  insert into guard.spent_challenges (nonce, expires_at) values (challenge_nonce, challenge_expires_at)
  on conflict (nonce) do nothing;
  get diagnostics added = row_count;
  return added = 1;
end;
$$;
