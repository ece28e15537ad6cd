// Reference for bench/run.sh entry 2: GET /api/servers written the usual Express way. The list is
// the portal's own (the JSON file bench_servers_endpoint wrote), held in memory; each response is
// serialised by res.json and gzipped by the compression middleware, as a typical Node API does.
//
//   node server.js SERVERS_JSON [PORT]      (PORT may also come from the environment; 0 picks one)
'use strict';
const fs = require('fs');
const express = require('express');
const compression = require('compression');

const [dataFile, portArg] = process.argv.slice(2);
if (!dataFile) {
  console.error('usage: node server.js SERVERS_JSON [PORT]');
  process.exit(2);
}
const servers = JSON.parse(fs.readFileSync(dataFile, 'utf8'));

// Same rules as the portal: a comma-separated list, empty items ignored, no list means no filter.
function commaList(value) {
  return new Set(typeof value === 'string' ? value.split(',').filter((item) => item !== '') : []);
}
const passes = (allowed, value) => allowed.size === 0 || allowed.has(value);

const app = express();
app.use(compression());
app.get('/api/servers', (req, res) => {
  const modes = commaList(req.query.modes);
  const maps = commaList(req.query.maps);
  const regions = commaList(req.query.regions);
  const list = servers.filter(
    (s) => passes(modes, s.category) && passes(maps, s.map) && passes(regions, s.region));
  res.json(list);
});

const listener = app.listen(Number(portArg ?? process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${listener.address().port}`);
});
process.on('SIGTERM', () => listener.close(() => process.exit(0)));
