// Reads a `paperio selfplay` output folder with DuckDB, an independent
// parquet reader, and checks that the tables agree with the manifest and with
// each other. Usage: node check.mjs DIR. Exits 1 on the first failed check.
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node check.mjs DIR');
  process.exit(2);
}
const m = JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8'));
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const games = `read_parquet('${dir}/games/*.parquet')`;
const turns = `read_parquet('${dir}/turns/*.parquet')`;

async function value(sql) {
  const r = await con.runAndReadAll(sql);
  const v = r.getRows()[0][0];
  return typeof v === 'bigint' ? Number(v) : v;
}

let passed = 0;
let failed = 0;
async function check(what, sql, want) {
  let got;
  try {
    got = await value(sql);
  } catch (e) {
    console.error(`FAIL ${what}: ${e.message}`);
    failed++;
    return;
  }
  if (got !== want) {
    console.error(`FAIL ${what}: got ${got}, want ${want}\n  ${sql}`);
    failed++;
    return;
  }
  console.log(`ok   ${what}`);
  passed++;
}

const turnCols = ['game_id', 'half_step', 'player', 'action', 'x', 'y', 'direction', 'area1', 'area2',
  'band1', 'band2', 'dist_heads', 'band1_to_head2', 'band2_to_head1', 'ratio', 'home_dist1',
  'home_dist2', 'gain', 'taken', 'done', 'reward', 'outcome'];
const gameCols = ['game_id', 'seed', 'p1', 'p2', 'width', 'height', 'max_turns', 'winner', 'reason',
  'half_steps', 'area1', 'area2', 'start', 'actions', 'extra'];

await check('manifest is complete', `select ${m.complete}`, true);
await check('games rows = manifest', `select count(*) from ${games}`, m.games);
await check('turn rows = manifest', `select count(*) from ${turns}`, m.turn_rows);
await check('game ids are 0..games-1', `select count(distinct game_id) = ${m.run.games} and min(game_id) = 0 and max(game_id) = ${m.run.games - 1} from ${games}`, true);
for (const c of turnCols) {
  await check(`turns has column ${c}`, `select count(*) from (describe select * from ${turns}) where column_name = '${c}'`, 1);
}
for (const c of gameCols) {
  await check(`games has column ${c}`, `select count(*) from (describe select * from ${games}) where column_name = '${c}'`, 1);
}
await check('half-steps of each game are 1..half_steps',
  `select count(*) from ${games} g left join (select game_id, count(*) n, min(half_step) lo, max(half_step) hi, count(distinct half_step) d from ${turns} group by game_id) t using (game_id)
   where t.n is distinct from g.half_steps or t.lo <> 1 or t.hi <> g.half_steps or t.d <> t.n`, 0);
await check('actions string has one action per half-step', `select count(*) from ${games} where length(actions) <> half_steps`, 0);
await check('last turn row holds the final areas and done',
  `select count(*) from ${games} g join ${turns} t on t.game_id = g.game_id and t.half_step = g.half_steps
   where t.area1 <> g.area1 or t.area2 <> g.area2 or not t.done`, 0);
await check('done only on the last row', `select count(*) from ${turns} where done`, m.games);
await check('actions match the games table',
  `select count(*) from ${games} g join ${turns} t using (game_id) where chr(t.action) <> substr(g.actions, t.half_step, 1)`, 0);
await check('players alternate, 1 first', `select count(*) from ${turns} where player <> 2 - (half_step % 2)`, 0);
await check('reward is the result for the mover on the last row',
  `select count(*) from ${games} g join ${turns} t using (game_id)
   where t.outcome <> (case when g.winner = 0 then 0 when g.winner = t.player then 1 else -1 end)
      or t.reward <> (case when t.done then t.outcome else 0 end)`, 0);
await check('ratio = area1/(area1+area2)',
  `select count(*) from ${turns} where abs(ratio - case when area1 + area2 = 0 then 0.5 else area1 / (area1 + area2) end) > 1e-6`, 0);
await check('band distance is null exactly when the band is empty',
  `select count(*) from ${turns} where (band1 = 0) <> (band1_to_head2 is null) or (band2 = 0) <> (band2_to_head1 is null)`, 0);
await check('dist_heads is at least 1 before the end',
  `select count(*) from ${turns} where not done and dist_heads < 1`, 0);
await check('winner and reason codes are known',
  `select count(*) from ${games} where winner not in (0, 1, 2) or reason not in (0, 1, 2, 3, 4, -1, -2, -3)`, 0);

console.log(`duckdb: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
