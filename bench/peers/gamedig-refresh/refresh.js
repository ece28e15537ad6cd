// Reference for bench/run.sh entry 3: one refresh cycle done with the gamedig library, the usual
// Node way to query game servers. Every server of the ports file is queried at once with the same
// bounds as the portal's reader (1 s per packet); wall and CPU time are measured per run.
//
//   node refresh.js PORTS_FILE [RUNS]
// prints one line per run: "run N: wall S s, cpu S s, answered A/T".
import fs from 'node:fs';
import { GameDig } from 'gamedig';

const [portsFile, runsArg] = process.argv.slice(2);
if (!portsFile) {
  console.error('usage: node refresh.js PORTS_FILE [RUNS]');
  process.exit(2);
}
const ports = fs.readFileSync(portsFile, 'utf8').split('\n').filter((line) => line.trim() !== '').map(Number);
const runs = Number(runsArg ?? 3);

// maxRetries 1 is gamedig's default count of tries per candidate port; as the given port is not the
// game's default one, gamedig lists it twice (offset 0, then the port itself): two tries of 1 s each,
// like the portal's one packet plus one retry.
const query = (port) =>
  GameDig.query({ type: 'counterstrike2', host: '127.0.0.1', port, maxRetries: 1, socketTimeout: 1000, attemptTimeout: 10000 });

console.log(`targets: ${ports.length}, socketTimeout 1000 ms, maxRetries 1, gamedig 5`);
for (let run = 1; run <= runs; run++) {
  const cpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  const results = await Promise.allSettled(ports.map(query));
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  const answered = results.filter((r) => r.status === 'fulfilled').length;
  console.log(`run ${run}: wall ${wall.toFixed(3)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(3)} s, answered ${answered}/${ports.length}`);
}
