-- The privacy note that says what is counted (docs/product.md §8) is a new version, in the seed and
-- in the code's fallback (web/src/shared/content/signup-fallbacks.ts): a consent may name either
-- (docs/decisions/0036-consent-versions.md).
insert into guard.consent_versions (version) values ('2026-11-25'), ('code-2026-11-25') on conflict (version) do nothing;
