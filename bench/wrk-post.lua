-- wrk script for bench/run.mjs: POSTs one JSON body (first argument after `--`) with the cookies that follow
-- it taken in turn, one per request, so the load is spread over many shoppers' carts. Prints the same
-- JSON summary line as wrk-paths.lua.
local body
local cookies = {}
local counter = 0

function init(args)
  body = args[1]
  for i = 2, #args do cookies[#cookies + 1] = args[i] end
  counter = math.random(math.max(1, #cookies)) - 1
end

function request()
  counter = counter + 1
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
