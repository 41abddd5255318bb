-- wrk script for bench/run.mjs: each connection takes the given paths in turn (passed after `--`), and the
-- summary is printed as one JSON line (latencies in microseconds) for the bench to read.
local paths = {}
local counter = 0

function init(args)
  for i, p in ipairs(args) do paths[i] = p end
  if #paths == 0 then paths[1] = "/" end
  counter = math.random(#paths) - 1
end

function request()
  counter = counter + 1
  return wrk.format(nil, paths[(counter % #paths) + 1])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
    '"mean":%f,"p50":%d,"p95":%d,"p99":%d,"max":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
