// `npm run bench -- scale`'s data: a waitlist of `places` people as a year of sign-ups makes it
// (names, roles, addresses at a few hundred companies, attribution, a welcome each; everyone older than
// the 30 days a place may stay unconfirmed has confirmed, as the server's sweep would leave them, and
// 60 % of the rest), the line of those waiting with 2,000 referrers credited, two waves
// already invited, the steps of 5 % who left, 25 months of daily analytics at `visitorsPerDay`, and
// the last two days' visits one row per visitor, the closed days' steps rolled up. Loaded in bulk by SQL, the same on both databases,
// without the triggers (their rows are what the triggers would check; the line's counts, which its
// triggers keep one person at a time, are counted here in one statement each) and with the big
// tables' secondary indexes built once after their rows rather than row by row (a million
// trigram-index insertions took most of half an hour).
import type { Database } from '../../server/db/database.ts'

export interface ScaleSize {
  places: number
  visitorsPerDay: number
  /** Days of daily analytics, back from yesterday. */
  days: number
}

const FIRST = `array['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela','Hugo','Isabel','João','Karina','Lucas','Mariana',
  'Nuno','Olívia','Paulo','Raquel','Sérgio','Tatiana','Vítor','Alice','Bernardo','Camila','Daniel','Eva','Felipe','Helena','Igor',
  'Júlia','Leonardo','Maria','Pedro','Rita','Tiago','Sofia','Miguel','Beatriz','Rafael','Laura','Gustavo']`
const LAST = `array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes','Costa','Ribeiro',
  'Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa','Rocha','Dias','Nascimento','Andrade','Moreira',
  'Nunes','Marques','Machado','Mendes','Freitas','Smith','Johnson','Brown','Taylor','Wilson','Davies','Evans','Thomas','Moore','Clark']`
const ROLES = `array['Head of People','HR Business Partner','Engineering Manager','CTO','Team Lead','People Ops','VP Engineering',
  'Gerente de RH','Diretora de Pessoas','Coordenador de Produto','Tech Lead','COO','Analista de RH','Product Manager']`
const COMPANIES = `array['acme','globex','initech','umbrella','hooli','vandelay','stark','wayne','wonka','cyberdyne','tyrell',
  'soylent','aperture','oscorp','pied-piper','dunder','gringotts','monarch','nakatomi','massive']`
const SOURCES = `array[null,null,null,'newsletter','linkedin','google','twitter','partner']`
const CAMPAIGNS = `array[null,null,'launch','beta','webinar','spring']`
const HOSTS = `array[null,null,'www.google.com','news.ycombinator.com','www.linkedin.com','t.co']`
const ENTRY_PAGES = `array['/','/en','/precos','/en/pricing','/sobre']`

/** Seconds in a year: sign-ups spread over the year before now, a fifth of them within its last month (the launch). */
const YEAR_SECONDS = 365 * 86_400

/** The tables loaded in bulk, whose secondary indexes are dropped before and built again after. */
const BULK_TABLES = ['public.waitlist', 'public.welcome_emails', 'referrals.people']

export async function seedScale(db: Database, { places, visitorsPerDay, days }: ScaleSize): Promise<Record<string, number>> {
  await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica')
    await tx.query(`set local maintenance_work_mem = '256MB'`)
    // Every index that backs no constraint, as it was written, to build again once the rows are in.
    const { rows: indexes } = await tx.query<{ name: string; definition: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index as i join pg_class as c on c.oid = i.indexrelid join pg_namespace as n on n.oid = c.relnamespace
       where i.indrelid = any($1::regclass[]) and not exists (select from pg_constraint where conindid = i.indexrelid)`,
      [BULK_TABLES],
    )
    for (const { name } of indexes) await tx.query(`drop index ${name}`)
    await tx.query(
      `insert into public.waitlist (email, role, created_at, confirmed_at, consent_locale, consent_version, utm_source,
                                   utm_campaign, referrer_host, signup_locale, signup_device)
       select lower(translate(first, 'áàâãéêíóôõúç', 'aaaaeeiooouc')) || '.' || lower(last) || i || '@' || company || '.example',
              (${ROLES})[1 + i % 14],
              at,
              case when confirmed then at + interval '12 minutes' end,
              case when confirmed then locale end,
              case when confirmed then '2026-11-23' end,
              (${SOURCES})[1 + i % 8], (${CAMPAIGNS})[1 + i % 6], (${HOSTS})[1 + i % 6], locale,
              (array['phone','desktop','desktop','tablet'])[1 + i % 4]
       from (
         -- A place unconfirmed after UNCONFIRMED_RETENTION_DAYS (30) is deleted by the server's sweep: left
         -- in, the sweep deletes a third of the list in one statement while the benchmark measures.
         select *, i % 10 < 6 or at < now() - interval '29 days' as confirmed
         from (
         select i, (${FIRST})[1 + (i * 7) % 40] as first, (${LAST})[1 + (i * 13) % 40] as last,
                (${COMPANIES})[1 + (i / 3) % 20] as company, case when i % 3 = 0 then 'en' else 'pt' end as locale,
                now() - make_interval(secs => case when i % 5 = 0 then ((i::bigint * 7919) % $1)::float8 / $1 * 30 * 86400
                                                   else ((i::bigint * 104729) % $1)::float8 / $1 * ${YEAR_SECONDS} end) as at
         from generate_series(1, $1::int) as i
         ) as drawn
       ) as person`,
      [places],
    )
    await tx.query(
      `insert into public.welcome_emails (waitlist_id, email, name, locale, status, attempts, created_at, sent_at, consent_version, kind)
       select id, email, initcap(split_part(split_part(email, '@', 1), '.', 1)) || ' ' || initcap(regexp_replace(split_part(split_part(email, '@', 1), '.', 2), '[0-9]+$', '')),
              coalesce(signup_locale, 'pt'), 'sent', 1, created_at + interval '1 second', created_at + interval '3 seconds',
              consent_version, 'welcome'
       from public.waitlist as w
       where not exists (select from public.welcome_emails as e where e.waitlist_id = w.id and e.kind = 'welcome')`,
    )
    // The line: everyone confirmed, in the order they confirmed, and its counts per hour and minute
    // (what referrals.people_changed adds person by person).
    await tx.query(
      `insert into referrals.people (waitlist_id, code, joined_at, waiting)
       select id, lpad(to_hex(row_number() over (order by confirmed_at, id)), 8, '0'), confirmed_at, true
       from public.waitlist where confirmed_at is not null`,
    )
    await tx.query(
      `insert into referrals.waiting_hours (hour, waiting)
       select date_trunc('hour', joined_at, 'UTC'), count(*) from referrals.people where waiting group by 1
       on conflict (hour) do update set waiting = referrals.waiting_hours.waiting + excluded.waiting`,
    )
    await tx.query(
      `insert into referrals.waiting_minutes (minute, waiting)
       select date_trunc('minute', joined_at, 'UTC'), count(*) from referrals.people where waiting group by 1
       on conflict (minute) do update set waiting = referrals.waiting_minutes.waiting + excluded.waiting`,
    )
    for (const { definition } of indexes) await tx.query(definition)
  })
  await db.query(
    `with referrers as (
       select waitlist_id as id, 1 + (abs(hashtext(waitlist_id::text)) % 20) as credits
       from referrals.people order by md5(waitlist_id::text) limit 2000
     ), slots as (
       select referrers.id as referrer, row_number() over () as k from referrers, generate_series(1, referrers.credits)
     ), referred as (
       select waitlist_id as id, row_number() over () as k from referrals.people order by md5(waitlist_id::text) desc limit 40000
     )
     insert into referrals.referrals (referred_id, referrer_id, status, decided_at)
     select referred.id, slots.referrer, 'credited', now() from slots join referred using (k) where referred.id <> slots.referrer`,
  )
  // Two waves already invited, the first thousand in line each.
  for (const wave of ['9a7e1c52-0000-4000-8000-000000000001', '9a7e1c52-0000-4000-8000-000000000002']) {
    await db.query(`insert into invites.waves (id, requested, created_by) values ($1, 1000, 'bench')`, [wave])
    await db.query(
      `insert into invites.invitations (waitlist_id, wave_id, code)
       select waitlist_id, $1, md5(waitlist_id::text) from invites.next_candidates(1000)`,
      [wave],
    )
  }
  // The steps of those who left: a twentieth of the sign-ups, over the year.
  await db.query(
    `insert into analytics.recorded_steps (day, step, language, device, utm_source)
     select (now() - make_interval(days => i % 365))::date, step, 'pt', 'desktop', (${SOURCES})[1 + i % 8]
     from generate_series(1, $1::int / 20) as i, unnest(array['signup', 'welcome', 'removal']) as step`,
    [places],
  )
  // 25 months of daily aggregates: per day, a visitor count for each combination of what a report filters by.
  await db.query(
    `insert into analytics.daily_visits (day, language, entry_page, referrer_host, utm_source, utm_campaign, device,
                                         visitors, page_views, form_starters)
     select current_date - d, language, (${ENTRY_PAGES})[1 + (s + c) % 5], (${HOSTS})[1 + s % 6], (${SOURCES})[1 + s],
            (${CAMPAIGNS})[1 + c], device, greatest(1, $1::int / 288), greatest(1, $1::int / 200), greatest(0, $1::int / 2000)
     from generate_series(2, $2::int + 1) as d, unnest(array['pt','en']) as language, generate_series(0, 7) as s,
          generate_series(0, 5) as c, unnest(array['phone','desktop','tablet']) as device`,
    [visitorsPerDay, days],
  )
  // Today's and yesterday's visits, one row per visitor.
  await db.query(
    `insert into analytics.visits (day, visitor, language, entry_page, referrer_host, utm_source, utm_campaign, device,
                                   page_views, form_starts)
     select current_date - (i % 2), decode(md5(i::text), 'hex'), case when i % 3 = 0 then 'en' else 'pt' end,
            (${ENTRY_PAGES})[1 + i % 5], (${HOSTS})[1 + i % 6], (${SOURCES})[1 + i % 8], (${CAMPAIGNS})[1 + i % 6],
            (array['phone','desktop','desktop','tablet'])[1 + i % 4], 1 + i % 3, (i % 20 = 0)::int
     from generate_series(1, $1::int * 2) as i`,
    [visitorsPerDay],
  )
  await db.query('vacuum analyze')
  // The closed days' steps rolled up, as the server's analytics sweep has done day after day.
  await db.query(`select public.analytics_sweep(now(), 25)`)
  await db.query('analyze analytics.daily_steps')
  const { rows } = await db.query<Record<string, number>>(
    `select (select count(*) from public.waitlist)::int as places, (select count(*) from public.welcome_emails)::int as welcomes,
            (select count(*) from referrals.people where waiting)::int as waiting, (select count(*) from referrals.boosted)::int as boosted,
            (select count(*) from invites.invitations)::int as invited, (select count(*) from analytics.daily_visits)::int as daily_visits,
            (select count(*) from analytics.visits)::int as visits`,
  )
  return rows[0] ?? {}
}
