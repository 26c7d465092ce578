-- Each arm of a search reads its trigram index, never its whole table (issue 41, decision 0098;
-- `npm run bench -- scale` measures it). At a million places the planner guessed 3-5 % of the
-- places matched an address fragment, so with the arm's `limit` a scan of the table in its stored
-- order looked cheaper than the index: it read up to half the table before it found 1,001 matches,
-- 19 ms at the median and 200-284 ms at the tail, where the index took 11 ms and 42 ms at most.
alter function operator.search_hits(text, text, text, integer) set enable_seqscan = off;
