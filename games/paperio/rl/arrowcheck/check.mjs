// Reads a `paperio export` file with the Apache Arrow JavaScript library, an
// Arrow reader independent of the Go one that wrote it, and checks it against
// the self-play folder it came from (an export of every row, in order):
//
//   node check.mjs FILE.arrow|FILE.arrows DATASET_DIR
//
// Apache Arrow's JavaScript library reads compressed buffers (paperio export
// --compress lz4|zstd) through codecs registered with it; lz4js and fzstd,
// pure JavaScript, decode them here.
//
// The schema and its metadata (OBSERVATION.md), the row count against the
// manifest, and every row: half-steps 1.. per game in order, players taking
// turns, done on each game's last row only, reward equal to the outcome there
// and 0 elsewhere, outcomes of a game consistent between its players,
// actions 0..2, planes of 0s and 1s with one own head (at the centre of a
// crop), one-hot directions, and "moves first" equal to player 1.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC, Type, compressionRegistry, CompressionType } from "apache-arrow";
import * as fzstd from "fzstd";
import lz4 from "lz4js";

// Arrow views a buffer as 64-bit values in place: a decoded buffer must
// start on an 8-byte boundary of its memory, so one that does not is copied.
const aligned = (b) => (b.byteOffset % 8 === 0 ? b : b.slice());
compressionRegistry.set(CompressionType.LZ4_FRAME, { decode: (b) => aligned(Uint8Array.from(lz4.decompress(b))) });
compressionRegistry.set(CompressionType.ZSTD, { decode: (b) => aligned(fzstd.decompress(b)) });

const [file, dir] = process.argv.slice(2);
if (!file || !dir) {
  console.error("usage: node check.mjs FILE.arrow|FILE.arrows DATASET_DIR");
  process.exit(2);
}
let failures = 0;
function fail(msg) {
  console.error("FAIL " + msg);
  if (++failures > 20) process.exit(1);
}

const table = tableFromIPC(readFileSync(file));
const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
const md = table.schema.metadata;
const shape = (md.get("paperio.planes_shape") || "").split(",").map(Number);
const view = md.get("paperio.view");
if (md.get("paperio.observation_version") !== "1") fail(`observation version ${md.get("paperio.observation_version")}, want 1`);
if (shape.length !== 3) fail(`planes shape ${md.get("paperio.planes_shape")}`);
const planeSize = shape[0] * shape[1] * shape[2];
const crop = view.startsWith("crop") ? Number(view.slice(4)) : 0;
if (crop ? shape[0] !== 7 || shape[1] !== crop || shape[2] !== crop : shape[0] !== 6) fail(`view ${view} with shape ${shape}`);

const want = [
  ["planes", Type.FixedSizeList, planeSize, Type.Int, 8],
  ["scalars", Type.FixedSizeList, 24, Type.Float, 32],
  ["action", Type.Int], ["reward", Type.Float], ["done", Type.Bool], ["outcome", Type.Float],
  ["player", Type.Int], ["game_id", Type.Int], ["half_step", Type.Int],
];
const fields = table.schema.fields;
if (fields.length !== want.length) fail(`${fields.length} columns, want ${want.length}`);
want.forEach(([name, typeId, size, childId, childBits], i) => {
  const f = fields[i];
  if (!f || f.name !== name || f.type.typeId !== typeId) return fail(`column ${i}: ${f && f.name} ${f && f.type}, want ${name}`);
  if (size === undefined) return;
  const child = f.type.children[0].type;
  const width = child.typeId === Type.Int ? child.bitWidth : 32 << child.precision >> 1;
  if (f.type.listSize !== size || child.typeId !== childId || width !== childBits || child.isSigned) {
    fail(`column ${name}: ${f.type}, want lists of ${size} ${childId === Type.Int ? "uint8" : "float32"}`);
  }
});
const bits = { action: 64, player: 8, game_id: 64, half_step: 32 };
for (const [name, b] of Object.entries(bits)) {
  const t = table.schema.fields.find((f) => f.name === name).type;
  if (t.bitWidth !== b || !t.isSigned) fail(`column ${name}: ${t}, want a signed ${b}-bit integer`);
}
if (table.numRows !== manifest.turn_rows) fail(`${table.numRows} rows, the manifest says ${manifest.turn_rows}`);

let prev = null, games = 0;
const outcomes = new Map(); // game → outcome of player 1
let row = 0;
for (const batch of table.batches) {
  const col = (name) => batch.getChild(name);
  const planes = col("planes").data[0].children[0].values;
  const scalars = col("scalars").data[0].children[0].values;
  const [action, reward, done, outcome, player, game, half] =
    ["action", "reward", "done", "outcome", "player", "game_id", "half_step"].map(col);
  for (let i = 0; i < batch.numRows; i++, row++) {
    const g = Number(game.get(i)), h = half.get(i), p = player.get(i), o = outcome.get(i);
    const at = `row ${row} (game ${g}, half-step ${h})`;
    if (prev && prev.g === g) {
      if (h !== prev.h + 1) fail(`${at}: after half-step ${prev.h}`);
      if (prev.done) fail(`${at}: a row after the game's last`);
    } else {
      if (h !== 1) fail(`${at}: a game must start at half-step 1`);
      if (prev && !prev.done) fail(`row ${row - 1}: game ${prev.g} ends without done`);
      games++;
    }
    if (p !== 2 - (h % 2)) fail(`${at}: player ${p}`);
    const a = Number(action.get(i));
    if (a < 0 || a > 2) fail(`${at}: action ${a}`);
    if (![-1, 0, 1].includes(o)) fail(`${at}: outcome ${o}`);
    const o1 = p === 1 ? o : -o;
    if (!outcomes.has(g)) outcomes.set(g, o1);
    else if (outcomes.get(g) !== o1) fail(`${at}: outcome ${o} for player ${p}, the game's other rows say otherwise`);
    const r = reward.get(i);
    if (r !== (done.get(i) ? o : 0)) fail(`${at}: reward ${r} with done ${done.get(i)} and outcome ${o}`);
    const obs = planes.subarray(i * planeSize, (i + 1) * planeSize);
    let heads = 0;
    for (let k = 0; k < planeSize; k++) if (obs[k] > 1) { fail(`${at}: plane value ${obs[k]}`); break; }
    const plane = shape[1] * shape[2];
    for (let k = 4 * plane; k < 5 * plane; k++) heads += obs[k];
    if (heads !== 1) fail(`${at}: ${heads} own heads`);
    if (crop) {
      const r2 = (crop - 1) / 2;
      if (obs[4 * plane + r2 * crop + r2] !== 1) fail(`${at}: the own head is not at the crop's centre`);
    }
    const s = scalars.subarray(i * 24, (i + 1) * 24);
    if (s[0] + s[1] + s[2] + s[3] !== 1 || s[4] + s[5] + s[6] + s[7] !== 1) fail(`${at}: directions ${Array.from(s.subarray(0, 8))}`);
    if (s[17] !== (p === 1 ? 1 : 0)) fail(`${at}: moves first ${s[17]} for player ${p}`);
    prev = { g, h, done: done.get(i) };
  }
}
if (prev && !prev.done) fail(`game ${prev.g} ends without done`);
if (games !== manifest.games) fail(`${games} games, the manifest says ${manifest.games}`);
if (failures) process.exit(1);
console.log(`ok    ${file}: ${table.numRows} rows of ${games} games, ${view} ${shape.join("x")}, read by apache-arrow`);
