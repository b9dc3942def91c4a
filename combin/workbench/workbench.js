// combin paytable workbench: exact re-pricing of a linear wager in the browser.
// Every figure is computed with BigInt rationals from the exact counts embedded in the page;
// decimals are produced from the exact values for display only (no Number ever enters a figure).
"use strict";

const DATA = JSON.parse(document.getElementById("workbench-data").textContent);

// --- exact rationals -----------------------------------------------------------------------
function gcd(a, b) { a = a < 0n ? -a : a; b = b < 0n ? -b : b; while (b) { [a, b] = [b, a % b]; } return a; }
function Q(n, d = 1n) {
  if (d === 0n) { throw new Error("division by zero"); }
  if (d < 0n) { n = -n; d = -d; }
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}
const ZERO = Q(0n), ONE = Q(1n), LOSS_NET = Q(-1n);
const add = (a, b) => Q(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a, b) => Q(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a, b) => Q(a.n * b.n, a.d * b.d);
const div = (a, b) => Q(a.n * b.d, a.d * b.n);
const neg = (a) => Q(-a.n, a.d);
const cmp = (a, b) => { const x = a.n * b.d - b.n * a.d; return x < 0n ? -1 : x > 0n ? 1 : 0; };
const eq = (a, b) => a.n === b.n && a.d === b.d;
const pow10 = (k) => 10n ** BigInt(k);

function ratText(r) { return r.d === 1n ? r.n.toString() : `${r.n}/${r.d}`; }
function grouped(n) { const s = n.toString(); return s.replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

// n/d rounded half to even (d > 0), as combin.files.display.decimal rounds.
function roundHalfEven(n, d) {
  let q = n / d;
  if (n % d !== 0n && n < 0n) { q -= 1n; }
  const twice = 2n * (n - q * d);
  if (twice > d || (twice === d && q % 2n !== 0n)) { q += 1n; }
  return q;
}
function fixed(scaled, places) {
  const sign = scaled < 0n ? "-" : "";
  let digits = (scaled < 0n ? -scaled : scaled).toString().padStart(places + 1, "0");
  return places === 0 ? sign + digits : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}
function decimalText(r, places) { return fixed(roundHalfEven(r.n * pow10(places), r.d), places); }
function percentText(r, places = 4) { return decimalText(mul(r, Q(100n)), places) + "%"; }

function isqrt(n) {
  if (n < 2n) { return n; }
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1);
  while (true) { const y = (x + n / x) >> 1n; if (y >= x) { return x; } x = y; }
}
// sqrt(r) correctly rounded half to even at `places` decimals (r >= 0).
function sqrtText(r, places) {
  const scaled = r.n * pow10(2 * places);        // r * 10^(2 places) = scaled / r.d
  let t = isqrt(scaled / r.d);                    // floor(sqrt(r) * 10^places), exactly
  const lhs = (2n * t + 1n) ** 2n * r.d, rhs = 4n * scaled;  // (t + 1/2)^2 against r 10^(2p)
  if (lhs < rhs || (lhs === rhs && t % 2n !== 0n)) { t += 1n; }
  return fixed(t, places);
}
function parseNumber(text) {
  const clean = text.replace(/[,_]/g, "");
  const [whole, frac = ""] = clean.split(".");
  return Q(BigInt(whole + frac), pow10(frac.length));
}
function parseDecimalOrFraction(text) {
  const t = text.trim();
  if (/^-?[0-9]+\/[0-9]+$/.test(t)) { const [n, d] = t.split("/"); return Q(BigInt(n), BigInt(d)); }
  if (/^-?[0-9]+(\.[0-9]+)?$/.test(t)) {
    const negative = t.startsWith("-");
    const r = parseNumber(negative ? t.slice(1) : t);
    return negative ? neg(r) : r;
  }
  return null;
}

// --- pays, read as combin.core.pays.Pay reads them ------------------------------------------------
const NUMBER = "[0-9][0-9,_]*(?:\\.[0-9]+)?";
const RATIO = new RegExp(`^(${NUMBER})\\s*(to|for)\\s*(${NUMBER})$`, "i");
function parsePay(text) {
  const words = String(text).trim().split(/\s+/).join(" ").toLowerCase();
  if (words === "push") { return { text: "push", net: ZERO }; }
  if (["loss", "lose", "loses"].includes(words)) { return { text: "loss", net: LOSS_NET }; }
  const m = RATIO.exec(words);
  if (!m) { throw new Error(`cannot read the pay '${text}': write 'X to Y', 'X for Y', 'push' or 'loss'`); }
  const x = parseNumber(m[1]), y = parseNumber(m[3]);
  if (x.n <= 0n || y.n <= 0n) { throw new Error(`the pay '${text}' must use positive numbers`); }
  const net = m[2] === "to" ? div(x, y) : sub(div(x, y), ONE);
  if (net.n < 0n) { throw new Error(`the pay '${text}' returns less than the stake; write 'loss'`); }
  return { text: `${m[1]} ${m[2]} ${m[3]}`, net };
}
function payOf(net) {   // the printed pay of an exact net >= 0: "26 to 1", "5 to 2", "push"
  return net.n === 0n ? "push" : `${net.n} to ${net.d}`;
}

// --- state -------------------------------------------------------------------------------------
const state = { wager: null, decks: "", preset: null, readings: {}, pays: [] };

function wagerInfo() { return DATA.wagers[state.wager]; }
function key() {
  const info = wagerInfo();
  const readings = Object.keys(info.interpretations).map((k) => `${k}=${state.readings[k]}`).join(",");
  return `${state.wager}|${state.decks}|${state.preset}|${readings}`;
}
function scenario() { return DATA.scenarios[key()]; }

function resetPays() { state.pays = scenario().lines.map((line) => parsePay(line[2])); }

function chooseWager(id, decks, preset) {
  state.wager = id;
  const info = wagerInfo();
  state.decks = info.decks.includes(decks) ? decks : info.decks[info.decks.length - 1];
  state.preset = info.presets.includes(preset) ? preset : info.presets[0];
  state.readings = {};
  for (const [k, v] of Object.entries(info.interpretations)) { state.readings[k] = v.values[0]; }
}

// --- the par sheet of the current pays -----------------------------------------------------
function settledRows() {
  const sc = scenario(), counts = DATA.counts[sc.counts];
  const otherNet = parseDecimalOrFraction(sc.other[1]);
  const groups = new Map();
  sc.settled.forEach((row, index) => {
    let parts = row[1], net, pays;
    if (sc.combine === "sum") {
      parts = parts.filter((i) => !eq(state.pays[i].net, LOSS_NET));
    }
    const ids = parts.map((i) => sc.lines[i][0]);
    if (parts.length === 0) {
      net = sc.combine === "sum" ? otherNet : LOSS_NET;
      pays = state.pays[row[1][0]].text;
    } else {
      net = parts.reduce((s, i) => add(s, state.pays[i].net), ZERO);
      pays = parts.length === 1 ? state.pays[parts[0]].text
        : `${ratText(net)} to 1 (${parts.map((i) => state.pays[i].text).join(" + ")})`;
    }
    const id = parts.length === 0 && sc.combine === "sum" ? "other" : (sc.combine === "sum" ? ids.join("+") : sc.lines[row[1][0]][0]);
    const event = sc.combine === "sum" ? parts.map((i) => sc.lines[i][1]).join(" + ") : row[0];
    const count = BigInt(counts[index]);
    if (groups.has(id)) { groups.get(id).count += count; }
    else { groups.set(id, { id, event, pays, net, count, order: index }); }
  });
  const otherCount = BigInt(counts[counts.length - 2]);
  const other = groups.get("other") || { id: "other", count: 0n, order: Infinity };
  groups.delete("other");
  Object.assign(other, { event: sc.other[0], pays: sc.other[2], net: otherNet, count: other.count + otherCount });
  const rows = [...groups.values()].sort((a, b) => -cmp(a.net, b.net) || a.order - b.order);
  rows.push(other);
  return { rows, cycle: BigInt(counts[counts.length - 1]) };
}

function figures() {
  const { rows, cycle } = settledRows();
  const C = Q(cycle);
  let ev = ZERO, second = ZERO, hit = ZERO, push = ZERO;
  for (const row of rows) {
    row.probability = Q(row.count, cycle);               // one exact division per line
    row.contribution = mul(row.probability, row.net);
    ev = add(ev, row.contribution);
    second = add(second, mul(row.probability, mul(row.net, row.net)));
    if (row.net.n > 0n) { hit = add(hit, row.probability); }
    if (row.net.n === 0n) { push = add(push, row.probability); }
  }
  const variance = sub(second, mul(ev, ev));
  return { rows, cycle: C, ev, edge: neg(ev), rtp: add(ONE, ev), hit, push, variance };
}

// The expected return as an affine function of line i's net pay x >= 0: E(x) = base + slope x.
function affine(i) {
  const saved = state.pays[i];
  state.pays[i] = { text: "push", net: ZERO };
  const base = figures().ev;
  state.pays[i] = { text: "1 to 1", net: ONE };
  const slope = sub(figures().ev, base);
  state.pays[i] = saved;
  return { base, slope };
}

function solveLine(i, target) {
  const { base, slope } = affine(i);
  if (slope.n === 0n) { throw new Error("this line never happens, so no pay on it can reach the target"); }
  const x = div(sub(neg(target), base), slope);       // -(base + slope x) = target, exactly
  if (x.n < 0n) { throw new Error(`no pay on this line gives that edge: with the line a push the edge is already ${percentText(neg(base))}`); }
  const edgeAt = (net) => neg(add(base, mul(slope, net)));
  const candidates = new Map();
  const offer = (net, kind) => {
    if (net.n < 0n) { return; }
    const text = payOf(net);
    if (!candidates.has(text)) { candidates.set(text, { text, net, kind, edge: edgeAt(net) }); }
  };
  const whole = Q(x.n / x.d), halves = Q((2n * x.n) / x.d, 2n);
  offer(whole, "whole"); offer(add(whole, eq(whole, x) ? ZERO : ONE), "whole");
  offer(halves, "half"); offer(add(halves, eq(halves, x) ? ZERO : Q(1n, 2n)), "half");
  const layout = [...candidates.values()].sort((a, b) => cmp(a.net, b.net));
  return { x, pay: payOf(x), edge: edgeAt(x), layout };
}

// --- the URL fragment ------------------------------------------------------------------------
function fragmentPay(text) { return text.replace(/\s+/g, ""); }
function readFragmentPay(value) {
  const m = /^([0-9][0-9,_]*(?:\.[0-9]+)?)(to|for)([0-9][0-9,_]*(?:\.[0-9]+)?)$/i.exec(value);
  return parsePay(m ? `${m[1]} ${m[2]} ${m[3]}` : value);
}
function writeFragment() {
  const info = wagerInfo(), sc = scenario();
  const parts = [["wager", state.wager]];
  if (state.decks !== "") { parts.push(["decks", state.decks]); }
  const rule = Object.keys(info.rules).find((r) => info.rules[r] === state.preset);
  if (rule !== undefined) { parts.push(["rules", rule]); } else { parts.push(["paytable", state.preset]); }
  for (const k of Object.keys(info.interpretations)) { parts.push([k, state.readings[k]]); }
  sc.lines.forEach((line, i) => {
    if (state.pays[i].text !== parsePay(line[2]).text) { parts.push([line[0], fragmentPay(state.pays[i].text)]); }
  });
  const text = parts.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
  history.replaceState(null, "", `#${text}`);
}
function readFragment() {
  const errors = [];
  const pairs = [];
  for (const p of location.hash.replace(/^#/, "").split("&").filter((q) => q)) {
    const at = p.indexOf("=");
    try {   // a broken percent-escape ("%E0%A4%A", "%zz") is named, never a blank page
      pairs.push(at < 0 ? [decodeURIComponent(p), ""] : [decodeURIComponent(p.slice(0, at)), decodeURIComponent(p.slice(at + 1))]);
    } catch (e) { errors.push(`'${p.slice(0, 80)}' holds a broken percent-escape`); }
  }
  const given = new Map(pairs);   // a Map: a key of the fragment ("__proto__") never reaches a prototype
  let wager = given.get("wager") || state.wager || Object.keys(DATA.wagers)[0];
  if (!own(DATA.wagers, wager)) { errors.push(`unknown wager '${wager}'`); wager = Object.keys(DATA.wagers)[0]; }
  const info = DATA.wagers[wager];
  let decks;
  if (given.has("decks")) {
    const text = given.get("decks");
    decks = /^[0-9]{1,6}$/.test(text) ? Number(text) : NaN;   // "1e1" or "8x" is no number of decks
    if (!info.decks.includes(decks)) { errors.push(`${wager} is not offered with decks=${text} (offered: ${info.decks.join(", ") || "its own deck"})`); }
  }
  let preset = given.get("paytable");
  if (given.has("rules")) {
    const r = given.get("rules");
    if (own(info.rules, r)) { preset = info.rules[r]; } else if (Object.keys(info.rules).length) { errors.push(`unknown rule set '${r}' (known: ${Object.keys(info.rules).join(", ")})`); } else { errors.push(`${wager} has no rule sets (rules=${r})`); }
  }
  if (preset !== undefined && !info.presets.includes(preset)) { errors.push(`${wager} has no preset paytable '${preset}' (presets: ${info.presets.join(", ")})`); }
  chooseWager(wager, decks, preset);
  const used = new Set(["wager", "decks", "rules", "paytable"]);
  for (const [k, v] of Object.entries(info.interpretations)) {
    if (given.has(k)) {
      used.add(k);
      if (v.values.includes(given.get(k))) { state.readings[k] = given.get(k); } else { errors.push(`${k} has no reading '${given.get(k)}' (readings: ${v.values.join(", ")})`); }
    }
  }
  resetPays();
  const sc = scenario();
  for (const [k, v] of given) {
    if (used.has(k)) { continue; }
    const i = sc.lines.findIndex((line) => line[0] === k);
    if (i < 0) { errors.push(`${wager} paytable ${state.preset} has no line '${k}' (lines: ${sc.lines.map((l) => l[0]).join(", ")})`); continue; }
    try { state.pays[i] = readFragmentPay(v); } catch (e) { errors.push(`${k}: ${e.message}`); }
  }
  return errors;
}

// --- the paytable file -----------------------------------------------------------------------
function tomlString(text) {
  return '"' + String(text).replace(/[\\"\u0000-\u001f\u007f]/g, (c) => {
    const named = { "\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r" };
    return named[c] || "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
  }) + '"';
}
function tomlValue(v) {   // a condition's value as read from the file: text, integer, boolean or a list
  if (Array.isArray(v)) { return `[${v.map(tomlValue).join(", ")}]`; }
  return typeof v === "string" ? tomlString(v) : String(v);
}
function tomlKey(k) { return /^[A-Za-z0-9_-]+$/.test(k) ? k : tomlString(k); }
function paytableFile() {
  const id = document.getElementById("design-id").value.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$/.test(id)) { throw new Error("the paytable id must be a plain name such as 'design' (letters, digits, _ . + -)"); }
  const citation = document.getElementById("design-citation").value.trim();
  if (!citation) { throw new Error("give the design a citation (who proposed it, its status)"); }
  const title = document.getElementById("design-title").value.trim() || `Paytable ${id}`;
  const info = wagerInfo(), sc = scenario();
  const readings = Object.entries(state.readings).map(([k, v]) => `${k}=${v}`).join(" ");
  const lines = [
    `# ${info.title} (${state.wager}), derived from preset ${state.preset}` +
      (state.decks !== "" ? `, priced on ${state.decks} deck${state.decks === 1 ? "" : "s"}` : "") + (readings ? `, ${readings}` : ""),
    `# exact house edge on the page: ${ratText(figures().edge)}`,
    "[[paytable]]", `wager = ${tomlString(state.wager)}`, `id = ${tomlString(id)}`,
    `title = ${tomlString(title)}`, `citation = ${tomlString(citation)}`,
    `derived_from = ${tomlString(state.preset)}`,
    ...sc.events.flatMap(([eventId, spec]) => [`[paytable.events.${eventId}]`,
      ...Object.entries(spec).map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`)]),
    "[paytable.pays]",
    ...sc.lines.map((line, i) => `${tomlKey(line[0])} = ${tomlString(state.pays[i].text)}`)];
  for (const [wagerId, pays] of Object.entries(sc.reads || {})) {   // what the lines read (E1=paid-rows)
    lines.push("", `# ${wagerId} as in paytable ${state.preset}: ${readings} reads its rows, so the design carries it under its own id`,
      "[[paytable]]", `wager = ${tomlString(wagerId)}`, `id = ${tomlString(id)}`,
      `title = ${tomlString(`${title}: ${wagerId} as in paytable ${state.preset}`)}`, `citation = ${tomlString(citation)}`,
      `derived_from = ${tomlString(state.preset)}`, "[paytable.pays]",
      ...pays.map(([event, pay]) => `${tomlKey(event)} = ${tomlString(pay)}`));
  }
  if (Object.keys(info.rules).length) {
    lines.push("", "[[ruleset]]", `id = ${tomlString(id)}`, `title = ${tomlString(title)}`,
      `citation = ${tomlString(citation)}`, "[ruleset.paytables]", `${tomlString(state.wager)} = ${tomlString(id)}`);
  }
  return lines.join("\n") + "\n";
}

// --- the page --------------------------------------------------------------------------------
const $ = (id) => document.getElementById(id);
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) { node.setAttribute(k, v); }
  for (const c of children) { node.append(c instanceof Node ? c : document.createTextNode(String(c))); }
  return node;
}
function option(value, text, selected) { const o = el("option", { value }, text); o.selected = selected; return o; }

function drawControls() {
  const info = wagerInfo();
  $("wager").replaceChildren(...Object.entries(DATA.wagers).map(([id, w]) => option(id, `${w.title} (${id})`, id === state.wager)));
  $("decks").replaceChildren(...(info.decks.length && info.decks[0] !== "" ? info.decks.map((d) => option(d, `${d} deck${d === 1 ? "" : "s"}`, d === state.decks)) : [option("", "its own deck", true)]));
  const rules = Object.keys(info.rules);
  $("preset").replaceChildren(...info.presets.map((p) => {
    const rule = rules.find((r) => info.rules[r] === p);
    return option(p, rule ? `rules ${rule}` : `Paytable ${p}`, p === state.preset);
  }));
  $("readings").replaceChildren(...Object.entries(info.interpretations).map(([k, v]) => {
    const select = el("select", { id: `reading-${k}`, "data-interpretation": k });
    select.append(...v.values.map((value) => option(value, value, value === state.readings[k])));
    select.addEventListener("change", () => { state.readings[k] = select.value; resetPays(); redraw(); });
    return el("label", {}, `${k} ${v.title}: `, select);
  }));
  const sc = scenario();
  $("solve-line").replaceChildren(...sc.lines.map((line, i) => option(String(i), `${line[1]} (${line[0]})`, false)));
  const settledParts = new Set(sc.settled.flatMap((row) => row[1]));
  $("pays").replaceChildren(...sc.lines.map((line, i) => {
    const input = el("input", { id: `pay-${line[0]}`, "data-event": line[0], value: state.pays[i].text, size: "14" });
    input.addEventListener("input", () => {
      try { state.pays[i] = parsePay(input.value); input.classList.remove("bad"); $("pay-error").textContent = ""; recompute(); }
      catch (e) { input.classList.add("bad"); $("pay-error").textContent = `${line[0]}: ${e.message}`; }
    });
    const note = settledParts.has(i) ? "" : "not settled under these readings";
    return el("tr", {}, el("td", {}, line[1]), el("td", { class: "id" }, line[0]), el("td", {}, input),
      el("td", { class: "preset" }, line[2]), el("td", { class: "note" }, note));
  }));
  $("preset-source").textContent = `${sc.title}. Source: ${sc.citation}. Shoe: ${sc.shoe}. Interpretations: ${sc.interpretations}.`;
}

function cell(text, attrs = {}) { return el("td", attrs, text); }
function recompute() {
  const f = figures();
  $("lines").replaceChildren(...f.rows.map((row) => el("tr", { "data-event": row.id },
    cell(row.event), cell(row.pays || ""), cell(ratText(row.net), { class: "num" }),
    cell(grouped(row.count), { class: "num" }),
    cell(ratText(row.probability), { class: "exact prob-exact" }), cell(decimalText(row.probability, 12), { class: "num" }),
    cell(ratText(row.contribution), { class: "exact return-exact" }), cell(decimalText(row.contribution, 12), { class: "num" }),
    cell(row.count === 0n ? "never" : decimalText(Q(f.cycle.n, row.count), 2), { class: "num" }))));
  $("total-count").textContent = grouped(f.cycle.n);
  const show = { "ev-exact": ratText(f.ev), "ev": decimalText(f.ev, 12), "edge-exact": ratText(f.edge),
    "edge-percent": percentText(f.edge), "rtp-percent": percentText(f.rtp), "hit-exact": ratText(f.hit),
    "hit-percent": percentText(f.hit), "push-percent": percentText(f.push), "variance-exact": ratText(f.variance),
    "variance": decimalText(f.variance, 12), "sd": sqrtText(f.variance, 12) };
  for (const [id, text] of Object.entries(show)) { $(id).textContent = text; }
  $("warning").textContent = f.edge.n <= 0n
    ? `These pays return ${percentText(f.rtp)} to the player: the house does not win on them.` : "";
  $("vi").replaceChildren(...DATA.confidences.map(([label, z]) => {
    const zq = parseDecimalOrFraction(z);
    return el("tr", {}, cell(label), cell(decimalText(zq, 4), { class: "num" }),
      cell(sqrtText(mul(f.variance, mul(zq, zq)), 12), { class: "num", id: `vi-${label.replace("%", "")}` }));
  }));
  writeFragment();
  $("toml-error").textContent = "";
  try { $("toml").textContent = paytableFile(); } catch (e) { $("toml").textContent = ""; $("toml-error").textContent = e.message; }
}
function redraw() { drawControls(); recompute(); $("solution").replaceChildren(); }

function runSolve() {
  const target = (() => {
    const t = $("solve-target").value.trim();
    const r = parseDecimalOrFraction(t.endsWith("%") ? t.slice(0, -1) : t);
    if (r === null) { throw new Error(`the target house edge must be a number such as 5%, 0.05 or 1/20, not '${t}'`); }
    return t.endsWith("%") ? div(r, Q(100n)) : r;
  })();
  const i = Number.parseInt($("solve-line").value, 10);
  const s = solveLine(i, target);
  const rows = [el("tr", { "data-kind": "exact" }, cell("exact"), cell(s.pay, { class: "solve-pay" }), cell(ratText(s.x)),
    cell(ratText(s.edge), { class: "exact solve-edge" }), cell(percentText(s.edge)))];
  for (const c of s.layout) {
    const side = cmp(c.net, s.x) < 0 ? "below" : cmp(c.net, s.x) > 0 ? "above" : "exact";
    const button = el("button", { type: "button" }, "use");
    button.addEventListener("click", () => { state.pays[i] = parsePay(c.text); drawControls(); recompute(); });
    rows.push(el("tr", { "data-kind": `${c.kind}-${side}` }, cell(`${c.kind === "whole" ? "whole" : "layout (halves)"} ${side}`),
      cell(c.text, { class: "solve-pay" }), cell(ratText(c.net)), cell(ratText(c.edge), { class: "exact solve-edge" }),
      cell(percentText(c.edge)), el("td", {}, button)));
  }
  $("solution").replaceChildren(...rows);
}

function own(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }
function start() {
  let errors;
  try { errors = readFragment(); } catch (e) {   // whatever the fragment holds, a red line, never a blank page
    errors = [`the fragment cannot be read (${e.message})`];
    state.wager = null; chooseWager(Object.keys(DATA.wagers)[0], undefined, undefined); resetPays();
  }
  $("fragment-errors").textContent = errors.join("; ");
  redraw();
}
$("wager").addEventListener("change", () => { chooseWager($("wager").value, state.decks, undefined); resetPays(); redraw(); });
$("decks").addEventListener("change", () => { state.decks = Number.parseInt($("decks").value, 10); resetPays(); redraw(); });
$("preset").addEventListener("change", () => { state.preset = $("preset").value; resetPays(); redraw(); });
$("reset").addEventListener("click", () => { resetPays(); redraw(); });
$("solve").addEventListener("click", () => {
  try { $("solve-error").textContent = ""; runSolve(); } catch (e) { $("solution").replaceChildren(); $("solve-error").textContent = e.message; }
});
for (const id of ["design-id", "design-title", "design-citation"]) { $(id).addEventListener("input", recompute); }
$("download").addEventListener("click", () => {
  try {
    const blob = new Blob([paytableFile()], { type: "application/toml" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `${state.wager}-${$("design-id").value.trim()}.toml` });
    document.body.append(a); a.click(); a.remove();
  } catch (e) { $("toml-error").textContent = e.message; }
});
window.addEventListener("hashchange", start);  // replaceState (our own writes) fires no hashchange
start();
