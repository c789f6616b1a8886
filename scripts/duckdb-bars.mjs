// The aggregation behind `paperio plot bars`, in DuckDB, for comparison:
// per player, over both sides of every game, the number of games and the
// mean and sample standard deviation of half-steps and final territory.
//
//   cd SOMEWHERE && npm install @duckdb/node-api
//   node /path/to/scripts/duckdb-bars.mjs DIR     (from SOMEWHERE; DIR: a dataset folder)
//
// Prints the table, the time of the first query (and with opening DuckDB),
// then the times of five more runs of the same query.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// Resolve the package from the current folder, where it was installed.
const api = createRequire(`${process.cwd()}/`).resolve('@duckdb/node-api');
const { DuckDBInstance } = await import(pathToFileURL(api).href);

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node duckdb-bars.mjs DATASET_DIR');
  process.exit(2);
}
const t0 = performance.now();
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const t1 = performance.now();
const glob = `${dir.replace(/'/g, "''")}/games/**/*.parquet`;
const sql = `
  WITH g AS (SELECT p1, p2, half_steps, area1, area2 FROM read_parquet('${glob}')),
  e AS (SELECT p1 AS player, half_steps, area1 AS area FROM g
        UNION ALL SELECT p2, half_steps, area2 FROM g)
  SELECT player, count(*) AS games,
         avg(half_steps) AS steps_mean, stddev_samp(half_steps) AS steps_sd,
         avg(area) AS area_mean, stddev_samp(area) AS area_sd
  FROM e GROUP BY player ORDER BY player`;
const reader = await con.runAndReadAll(sql);
const t2 = performance.now();
for (const row of reader.getRowObjects()) {
  console.log(Object.values(row).map(v => typeof v === 'number' ? v.toFixed(2) : String(v)).join('\t'));
}
console.log(`first query ${(t2 - t1).toFixed(0)} ms, with opening DuckDB ${(t2 - t0).toFixed(0)} ms`);
const again = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  await con.runAndReadAll(sql);
  again.push((performance.now() - t).toFixed(0));
}
console.log(`the same query again: ${again.join(', ')} ms`);
