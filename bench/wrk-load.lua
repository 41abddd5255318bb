-- wrk script of the benchmarks (bench/wrk.mjs). Arguments after `--`:
--   paths...                 GETs, each connection taking the paths in turn;
--   POST body cookies...     one JSON body POSTed with the cookies taken in turn, one per request (the load
--                            spread over many shoppers' carts).
-- The summary is printed as one JSON line (latencies in microseconds) for the bench to read.
local method = "GET"
local body
local paths = {}
local cookies = {}
local counter = 0

function init(args)
  local rest = args
  if args[1] == "POST" then
    method = "POST"
    body = args[2]
    rest = { unpack(args, 3) }
    for i, c in ipairs(rest) do cookies[i] = c end
  else
    for i, p in ipairs(rest) do paths[i] = p end
    if #paths == 0 then paths[1] = "/" end
  end
  counter = math.random(math.max(1, #rest)) - 1
end

function request()
  counter = counter + 1
  if method == "GET" then return wrk.format(nil, paths[(counter % #paths) + 1]) end
  -- A headers table given to wrk.format replaces the -H ones: start from them.
  local headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  headers["content-type"] = "application/json"
  if #cookies > 0 then headers["cookie"] = cookies[(counter % #cookies) + 1] end
  return wrk.format("POST", nil, headers, body)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
    '"mean":%f,"p50":%d,"p95":%d,"p99":%d,"max":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
