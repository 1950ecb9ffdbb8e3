-- work.lua: the workload of TestReportBranchesLua. Deterministic: no
-- time, no random seed, no tables or functions as keys (their hashes are
-- addresses, which differ between two builds).

-- tables: arrays, records, a hash of strings, length and removal
local words = {}
for i = 1, 2000 do
  words[#words + 1] = string.format("w%05d", (i * 7919) % 2003)
end
local freq = {}
for _, w in ipairs(words) do
  freq[w] = (freq[w] or 0) + 1
end
local n = 0
for k, v in pairs(freq) do
  if v > 1 then n = n + v else n = n + 1 end
end
for i = #words, 1, -3 do table.remove(words, i) end
table.insert(words, 1, "first")

-- sorting, with and without a comparator
local nums = {}
for i = 1, 3000 do nums[i] = (i * 48271) % 3001 end
table.sort(nums)
table.sort(words, function(a, b) return a > b end)
local recs = {}
for i = 1, 500 do recs[i] = {id = i, key = (i * 31) % 97} end
table.sort(recs, function(a, b)
  if a.key ~= b.key then return a.key < b.key end
  return a.id < b.id
end)

-- strings: concatenation, patterns, gsub, format, byte, rep
local parts = {}
for i = 1, 300 do
  parts[#parts + 1] = string.format("%d:%5.2f:%x:%s:%q", i, i / 7, i * 13, ("ab"):rep(i % 5), "q" .. i)
end
local text = table.concat(parts, ",")
local count = 0
for a, b in text:gmatch("(%d+):([%d%.]+)") do
  count = count + #a + #b
end
local up = text:upper():lower():gsub("ab", "ba")
local s = 0
for i = 1, #up, 7 do s = s + up:byte(i) end
local found = 0
for i = 1, 200 do
  if text:find("q" .. i, 1, true) then found = found + 1 end
  if text:find("%d" .. i .. "x") then found = found + 1 end
end
local t = {}
for w in ("the quick brown fox jumps over the lazy dog "):rep(50):gmatch("%a+") do
  t[#t + 1] = w:sub(1, 1):upper() .. w:sub(2)
end

-- closures and upvalues, varargs, metatables
local function counter()
  local c = 0
  return function(k) c = c + (k or 1); return c end
end
local cs = {}
for i = 1, 100 do cs[i] = counter() end
local total = 0
for r = 1, 20 do
  for i = 1, 100 do total = total + cs[i](r % 3 == 0 and 2 or nil) end
end
local function sumv(...)
  local acc = 0
  for i = 1, select("#", ...) do acc = acc + (select(i, ...)) end
  return acc
end
for i = 1, 200 do total = total + sumv(i, i + 1, i + 2, i * 2) end
local Vec = {}
Vec.__index = Vec
Vec.__add = function(a, b) return setmetatable({x = a.x + b.x, y = a.y + b.y}, Vec) end
Vec.__eq = function(a, b) return a.x == b.x and a.y == b.y end
Vec.__tostring = function(v) return "(" .. v.x .. "," .. v.y .. ")" end
function Vec.len2(v) return v.x * v.x + v.y * v.y end
local acc = setmetatable({x = 0, y = 0}, Vec)
for i = 1, 1000 do
  acc = acc + setmetatable({x = i % 7, y = -(i % 5)}, Vec)
end
local same = acc == setmetatable({x = acc.x, y = acc.y}, Vec)

-- coroutines: a generator and a pipeline
local function gen(limit)
  return coroutine.wrap(function()
    for i = 1, limit do coroutine.yield(i) end
  end)
end
local function filter(src, pred)
  return coroutine.wrap(function()
    for v in src do if pred(v) then coroutine.yield(v) end end
  end)
end
local evens = 0
for v in filter(gen(2000), function(x) return x % 2 == 0 end) do evens = evens + v end
local co = coroutine.create(function(a)
  local b = coroutine.yield(a + 1)
  local c = coroutine.yield(b * 2)
  error("done " .. c)
end)
local ok1, r1 = coroutine.resume(co, 1)
local ok2, r2 = coroutine.resume(co, 10)
local ok3, r3 = coroutine.resume(co, 5)

-- errors: error, pcall, xpcall, error objects, runtime errors
local errs = 0
for i = 1, 300 do
  local ok, e = pcall(function()
    if i % 3 == 0 then error("bad " .. i) end
    if i % 5 == 0 then error({code = i}) end
    if i % 7 == 0 then local z = nil; return z.field end
    return i
  end)
  if not ok then errs = errs + 1 end
end
local ok4 = xpcall(function() error("x") end, function(m) return "handled " .. m end)
local ok5, e5 = pcall(string.rep)
local ok6, e6 = pcall(load, "return +")
local f = load("local a, b = ... return a * b + 1")

-- integers and floats, math, string to number
local m = 0
for i = 1, 5000 do
  m = m + (i // 3) + (i % 11) + math.floor(i / 4.5) + (i << 2 >> 1) + math.max(i, 17)
  if i % 100 == 0 then m = m + tonumber(tostring(i / 3):sub(1, 6)) end
end
m = m + math.tointeger(2^40) + f(6, 7)

-- utf8 and string.pack
local u = utf8.char(72, 228, 8364, 128512)
local cps = 0
for _, c in utf8.codes(u:rep(100)) do cps = cps + c end
local packed = string.pack("<i4d", 123456, 2.5)
local pi, pd = string.unpack("<i4d", packed)

collectgarbage()
print(n, #words, nums[1], nums[3000], recs[1].id, count, s, found, #t,
  total, tostring(acc), same, evens, ok1, r1, ok2, r2, ok3, r3 ~= nil,
  errs, ok4, ok5, ok6, m, cps, pi, pd)
