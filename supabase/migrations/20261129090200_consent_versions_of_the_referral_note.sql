-- The privacy note says what referrals keep (docs/product.md §13.2: a random code, day-keyed network
-- hashes for 48 hours, the masked name of the leaderboard), in the seed (2026-11-29) and in the code's
-- own words (code-2026-11-29): both are versions the note has had, so a consent may name them
-- (docs/decisions/0036-consent-versions.md).
insert into guard.consent_versions (version) values ('2026-11-29'), ('code-2026-11-29') on conflict (version) do nothing;
