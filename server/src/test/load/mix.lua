-- A mix of what the web app asks for: article search (half of the queries repeat, so the query-embedding
-- cache is hit), term search, term details, filter (POST) and landing pages. PIDS is set by load.sh from
-- the sitemap. Counts answers by status per thread and prints the totals, p50 and p99 at the end.

local queries = {
  "oral cancer screening", "salivary biomarkers", "head and neck squamous cell carcinoma radiotherapy",
  "HPV positive oropharyngeal cancer survival", "tongue cancer surgery outcomes", "mouth ulcer treatment",
  "nasopharyngeal carcinoma chemotherapy", "laryngeal cancer voice", "smoking and oral leukoplakia",
  "dental implants in irradiated jaw", "thyroid nodules ultrasound", "pancreatic cancer gemcitabine",
  "gene expression in tumours", "immunotherapy pembrolizumab", "quality of life after laryngectomy",
}
local words = { "heart attack", "cancer", "mouth", "kidney failure", "high blood pressure", "tumor",
  "sugar diabetes", "stroke", "lung", "sore throat", "broken bone", "skin rash" }
local terms = { "D009062", "D009369", "D006258", "D010038", "D014062", "D006801", "D002294", "D008175" }

counter = 0
statuses = {}

local function pick(list)
  return list[math.random(#list)]
end

local function enc(s)
  return (s:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local function query()
  -- Half repeat the first five queries; the other half add a number so the embedding is computed.
  if math.random() < 0.5 then
    return queries[math.random(5)]
  end
  counter = counter + 1
  return pick(queries) .. " " .. counter
end

function setup(thread)
  thread:set("id", math.random(1000000))
  table.insert(threads, thread)
end

threads = {}

function init(args)
  math.randomseed(id)
end

function request()
  local r = math.random(100)
  if r <= 35 then
    return wrk.format("GET", "/api/articles/search?k=10&q=" .. enc(query()))
  elseif r <= 50 then
    return wrk.format("GET", "/api/terms/search?k=10&q=" .. enc(pick(words)))
  elseif r <= 60 then
    return wrk.format("GET", "/api/terms/" .. pick(terms))
  elseif r <= 75 then
    local body = string.format('{"q": "%s", "k": 10, "terms": ["%s"], "explode": %s}', query(), pick(terms),
      math.random() < 0.5 and "true" or "false")
    return wrk.format("POST", "/api/filter", { ["Content-Type"] = "application/json" }, body)
  else
    return wrk.format("GET", "/pid/" .. pick(PIDS), { ["Accept"] = "text/html" })
  end
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    for status, n in pairs(t:get("statuses")) do
      total[status] = (total[status] or 0) + n
    end
  end
  io.write("statuses:")
  for status, n in pairs(total) do
    io.write(string.format(" %d=%d", status, n))
  end
  io.write("\n")
  io.write(string.format("requests %d in %.1f s: %.0f/s; socket errors: connect %d, read %d, write %d, timeout %d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
  io.write(string.format("latency p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
