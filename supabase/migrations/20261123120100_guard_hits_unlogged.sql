-- The request limits' counters (guard.hits) are written on every sign-up and welcome request. They
-- only count requests within short windows, so they need not survive a crash: as an unlogged table
-- they write no WAL, and a request that only counts (a welcome call's limit checks) does not wait
-- for a disk flush. After a crash PostgreSQL empties the table, which at worst forgives the
-- requests of the open windows. The waitlist, the outbox and the spent proofs of work stay logged.
alter table guard.hits set unlogged;
