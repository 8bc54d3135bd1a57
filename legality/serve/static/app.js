// The judge's page: the board file of the contract is the state; every change asks the API for a ruling.
"use strict";

const PLAYER_IDS = ["A", "B", "C", "D", "E", "F"];
let board = blankBoard();
let selected = null;          // the permanent id picked first (an attacker, or a blocker)
let flagged = new Set();      // ids a violation names
let missed = new Set();       // creatures of requirements not obeyed
let lastVerdict = null;
const info = {};              // card name or "text:" + oracle → {types, power, toughness, sentences}
const timings = [];           // ms from a change to its ruling on screen (read by the browser tests)
window.__legality = { timings, seq: 0, ready: false };
let seq = 0, inflight = null, timer = null;

function blankBoard() {
  return { version: 1, active_player: "A", players: [], permanents: [], effects: [], attacks: [] };
}
const $ = (id) => document.getElementById(id);
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
  return e;
}

// ---- what a permanent is ---------------------------------------------------------------------
function cardOf(p) {
  return (p.oracle !== undefined && p.oracle !== "" ? info["text:" + p.oracle] : null) || info[p.name] || {};
}
function typesOf(p) {
  const t = p.types || cardOf(p).types;
  if (t && t.length) return t;
  return (pt(p, "power") !== undefined && pt(p, "toughness") !== undefined) ? ["creature"] : [];
}
function pt(p, k) { return p[k] !== undefined ? p[k] : cardOf(p)[k]; }
const isCreature = (p) => typesOf(p).includes("creature");
const perm = (id) => board.permanents.find((p) => p.id === id);
const label = (id) => { const p = perm(id); return p ? `${p.name} (${id})` : id; };
function step() { return board.damage !== undefined ? "damage" : board.blocks !== undefined ? "block" : "attack"; }

// ---- changes ----------------------------------------------------------------------------------
function changed(delay = 0) {
  render();
  saveHash();
  const started = performance.now();
  clearTimeout(timer);
  timer = setTimeout(() => rule(started), delay);
}

function addPlayer() {
  if (board.players.length >= 6) return;
  const id = PLAYER_IDS.find((x) => !board.players.some((p) => p.id === x));
  board.players.push({ id, life: 20 });
  changed();
}
function removePlayer() {
  const last = board.players.pop();
  if (!last) return;
  board.permanents = board.permanents.filter((p) => p.controller !== last.id);
  if (board.active_player === last.id) board.active_player = board.players.length ? board.players[0].id : "A";
  prune();
  changed();
}
function newId(name) {
  const base = (name || "permanent").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "p";
  let id = base, n = 2;
  while (board.permanents.some((p) => p.id === id) || board.players.some((p) => p.id === id)) id = `${base}-${n++}`;
  return id;
}
async function addPermanent(ev) {
  ev.preventDefault();
  const name = $("perm-name").value.trim(), oracle = $("perm-oracle").value.trim();
  const controller = $("perm-controller").value;
  $("add-error").textContent = "";
  if (!controller) { $("add-error").textContent = "Add a player first."; return; }
  const free = $("free-text").open;
  if (!name && !free) { $("add-error").textContent = "Give a card name, or open the free text."; return; }
  const p = { id: newId(name), name: name || "Custom creature", controller };
  if (free) {
    p.oracle = oracle;
    if ($("perm-creature").checked) {
      p.types = ["creature"];
      p.power = Number($("perm-power").value); p.toughness = Number($("perm-toughness").value);
    }
    await readText(oracle, p.name);
  } else {
    const card = await readCard(name);
    if (!card) { $("add-error").textContent = `No card named “${name}” in the library: use free Oracle text.`; return; }
    p.name = card.name; p.id = newId(card.name);
  }
  board.permanents.push(p);
  $("perm-name").value = "";
  changed();
}
async function readCard(name) {
  if (info[name]) return info[name];
  const r = await fetch("/api/card/" + encodeURIComponent(name));
  if (!r.ok) return null;
  const card = await r.json();
  info[name] = info[card.name] = card;
  return card;
}
async function readText(text, name) {
  const key = "text:" + text;
  if (!text || info[key]) return info[key];
  const r = await fetch("/api/text", { method: "POST", body: JSON.stringify({ text, name }),
    headers: { "Content-Type": "application/json" } });
  if (r.ok) info[key] = await r.json();
  return info[key];
}
async function readAll() {
  await Promise.all(board.permanents.map((p) => (p.oracle !== undefined && p.oracle !== "")
    ? readText(p.oracle, p.name) : readCard(p.name)));
  render();
}
function removePermanent(id) {
  board.permanents = board.permanents.filter((p) => p.id !== id);
  for (const p of board.permanents) if (p.attached_to === id) delete p.attached_to;
  prune();
  changed();
}
function prune() {
  const ids = new Set([...board.permanents.map((p) => p.id), ...board.players.map((p) => p.id)]);
  if (board.attacks) board.attacks = board.attacks.filter((a) => ids.has(a.attacker) && ids.has(a.target));
  if (board.blocks) board.blocks = board.blocks.filter((b) => ids.has(b.blocker) && ids.has(b.attacker));
  if (board.damage) board.damage = board.damage.filter((d) => ids.has(d.source));
  if (board.effects) board.effects.forEach((e) => { if (e.targets) e.targets = e.targets.filter((t) => ids.has(t)); });
  if (selected && !ids.has(selected)) selected = null;
}
function setStep(s) {
  if (s === "attack") { delete board.blocks; delete board.damage; board.attacks = board.attacks || []; }
  if (s === "block") { board.attacks = board.attacks || []; board.blocks = board.blocks || []; delete board.damage; }
  if (s === "damage") { board.attacks = board.attacks || []; board.blocks = board.blocks || []; board.damage = board.damage || []; }
  selected = null;
  changed();
}

// ---- clicks that declare -----------------------------------------------------------------------
function pick(id) {
  const p = perm(id), s = step();
  if (s === "attack") {
    const attackable = typesOf(p).some((t) => t === "planeswalker" || t === "battle");
    if (selected && selected !== id && attackable) return declareAttack(selected, id);
    if (isCreature(p) && p.controller === board.active_player) selected = selected === id ? null : id;
  } else if (s === "block") {
    const attacking = (board.attacks || []).some((a) => a.attacker === id);
    if (selected && attacking && selected !== id) return declareBlock(selected, id);
    if (isCreature(p) && p.controller !== board.active_player) selected = selected === id ? null : id;
  }
  render();
}
function pickPlayer(pid) {
  if (step() === "attack" && selected) return declareAttack(selected, pid);
}
function declareAttack(attacker, target) {
  board.attacks = (board.attacks || []).filter((a) => a.attacker !== attacker);
  board.attacks.push({ attacker, target });
  selected = null;
  changed();
}
function declareBlock(blocker, attacker) {
  const i = board.blocks.findIndex((b) => b.blocker === blocker && b.attacker === attacker);
  if (i >= 0) board.blocks.splice(i, 1); else board.blocks.push({ blocker, attacker });
  selected = null;
  changed();
}
function undeclare(kind, i) {
  board[kind].splice(i, 1);
  prune();
  changed();
}

// ---- rendering ----------------------------------------------------------------------------------
function render() {
  keepFocus(() => { renderSelects(); renderPlayers(); renderEffects(); renderDeclaration(); });
}
function keepFocus(draw) {
  // Re-drawing replaces elements: give the focus back to the same control (keyboard use).
  const a = document.activeElement;
  const key = a && (a.dataset.key || a.getAttribute("aria-label"));
  const open = [...document.querySelectorAll(".card details[open]")].map((d) => d.closest(".card").dataset.id);
  draw();
  for (const id of open) document.querySelector(`#perm-${CSS.escape(id)} details`)?.setAttribute("open", "");
  if (!key || document.activeElement === a && a.isConnected) return;
  const again = [...document.querySelectorAll("[data-key],[aria-label]")]
    .find((e) => (e.dataset.key || e.getAttribute("aria-label")) === key);
  again?.focus();
}
function options(select, values, keep = true) {
  const old = select.value;
  select.replaceChildren(...values.map(([v, t]) => el("option", { value: v, text: t })));
  if (keep && values.some(([v]) => v === old)) select.value = old;
}
function renderSelects() {
  const players = board.players.map((p) => [p.id, `Player ${p.id}`]);
  options($("active"), players); $("active").value = board.active_player;
  options($("perm-controller"), players);
  options($("effect-controller"), players);
  options($("effect-source"), [["", "(none on the battlefield)"], ...board.permanents.map((p) => [p.id, label(p.id)])]);
  const targets = $("effect-targets"), chosen = new Set([...targets.selectedOptions].map((o) => o.value));
  options(targets, [...board.permanents.filter(isCreature).map((p) => [p.id, label(p.id)]),
                    ...board.players.map((p) => [p.id, `Player ${p.id}`])]);
  for (const o of targets.options) o.selected = chosen.has(o.value);
  for (const r of document.querySelectorAll("input[name=step]")) r.checked = r.value === step();
}
function num(value, onset, attrs) {
  return el("input", { type: "number", value: value ?? 0, inputmode: "numeric", ...attrs,
    onchange: (e) => { onset(Number(e.target.value)); changed(300); } });
}
function renderPlayers() {
  const commanders = board.permanents.filter((p) => p.commander);
  const s = step();
  $("players").replaceChildren(...board.players.map((pl) => {
    const target = s === "attack" && selected && pl.id !== board.active_player;
    const head = el("div", { class: "player-head" },
      el("strong", { text: `Player ${pl.id}${pl.id === board.active_player ? " (active)" : ""}` }),
      el("label", {}, "Life ", num(pl.life, (v) => { pl.life = v; }, { "aria-label": `Player ${pl.id} life` })),
      el("label", {}, "Poison ", num(pl.poison, (v) => { pl.poison = v; }, { "aria-label": `Player ${pl.id} poison counters` })),
      ...commanders.filter((c) => c.controller !== pl.id).map((c) =>
        el("label", {}, `Commander damage from ${c.name} `, num((pl.commander_damage || {})[c.id], (v) => {
          pl.commander_damage = { ...(pl.commander_damage || {}), [c.id]: v }; },
        { "aria-label": `Player ${pl.id} commander damage taken from ${label(c.id)}` }))),
      target ? el("button", { type: "button", class: "attack-player", onclick: () => pickPlayer(pl.id),
        text: `Attack player ${pl.id}` }) : null);
    const cards = el("div", { class: "cards" }, ...board.permanents.filter((p) => p.controller === pl.id).map(renderCard));
    return el("section", { class: "player" + (flagged.has(pl.id) ? " flagged" : ""), id: "player-" + pl.id,
      "aria-label": `Player ${pl.id}` }, head, cards);
  }));
}
function renderCard(p) {
  const power = pt(p, "power"), tough = pt(p, "toughness");
  const types = typesOf(p);
  const att = (board.attacks || []).find((a) => a.attacker === p.id);
  const blk = (board.blocks || []).filter((b) => b.blocker === p.id);
  const state = [p.tapped && "tapped", p.summoning_sick && "summoning sick", p.commander && "commander",
    att && `attacking ${label(att.target)}`, ...blk.map((b) => `blocking ${label(b.attacker)}`),
    p.attached_to && `attached to ${label(p.attached_to)}`, ...(p.keywords || []),
    ...(p.abilities || []).map((a) => String(a.kind).replace(/_/g, " "))].filter(Boolean).join(" · ");
  const stats = [types.join(" "), power !== undefined ? `${power}/${tough}` : null,
    pt(p, "loyalty") !== undefined ? `loyalty ${pt(p, "loyalty")}` : null,
    pt(p, "defense") !== undefined ? `defense ${pt(p, "defense")}` : null].filter(Boolean).join(" · ");
  const toggle = (k, text) => el("label", {}, el("input", { type: "checkbox", checked: !!p[k],
    onchange: (e) => { if (e.target.checked) p[k] = true; else delete p[k]; changed(); } }), ` ${text}`);
  const counter = (d) => el("button", { type: "button", "aria-label": `${d > 0 ? "+1/+1" : "-1/-1"} counter on ${label(p.id)}`,
    onclick: () => { p.power = (power ?? 0) + d; p.toughness = (tough ?? 0) + d; changed(); }, text: d > 0 ? "+1/+1" : "−1/−1" });
  const others = board.permanents.filter((q) => q.id !== p.id && isCreature(q));
  const attach = isCreature(p) ? null : el("label", {}, "Attached to ", (() => {
    const sel = el("select", { onchange: (e) => { if (e.target.value) p.attached_to = e.target.value; else delete p.attached_to; changed(); } },
      el("option", { value: "", text: "(nothing)" }), ...others.map((q) => el("option", { value: q.id, text: label(q.id) })),
      ...board.players.map((q) => el("option", { value: q.id, text: `Player ${q.id}` })));
    sel.value = p.attached_to || "";
    return sel;
  })());
  const unread = (cardOf(p).sentences || []).filter((r) => r.status === "not understood");
  const pressed = selected === p.id;
  const cls = ["card", p.tapped && "tapped", flagged.has(p.id) && "flagged", missed.has(p.id) && "missed"].filter(Boolean).join(" ");
  return el("article", { class: cls, id: "perm-" + p.id, "data-id": p.id },
    el("button", { type: "button", class: "pick", "data-key": "pick-" + p.id, "aria-pressed": pressed ? "true" : "false", onclick: () => pick(p.id),
      "aria-label": `${label(p.id)}${stats ? ", " + stats : ""}${state ? ", " + state : ""}` },
      el("span", { class: "name", text: p.name }), el("span", { class: "meta", text: `${p.id} · ${stats}` }),
      state ? el("span", { class: "state", text: state }) : null),
    unread.length ? el("ul", { class: "unread", "aria-label": `Rules text of ${label(p.id)} not understood` },
      ...unread.map((r) => el("li", { text: `not understood: “${r.sentence}”${r.note ? " — " + r.note : ""}` }))) : null,
    el("details", {}, el("summary", { text: "Edit", "aria-label": `Edit ${label(p.id)}` }),
      toggle("tapped", "tapped"), toggle("summoning_sick", "summoning sick"), toggle("commander", "commander"),
      el("label", {}, "P ", num(power, (v) => { p.power = v; }, { "aria-label": `Power of ${label(p.id)}` })),
      el("label", {}, "T ", num(tough, (v) => { p.toughness = v; }, { "aria-label": `Toughness of ${label(p.id)}` })),
      counter(1), counter(-1), attach,
      el("button", { type: "button", onclick: () => removePermanent(p.id), text: "Remove" })));
}
function renderEffects() {
  const list = board.effects || [];
  $("effects").replaceChildren(...(list.length ? [el("h3", { text: "Effects this turn" }), el("ul", {}, ...list.map((e, i) =>
    el("li", {}, `${e.source}: “${e.text || "(structured)"}”${e.targets && e.targets.length ? " → " + e.targets.map(label).join(", ") : ""} `,
      (info["text:" + e.text]?.sentences || []).some((r) => r.status === "not understood")
        ? el("strong", { class: "error", text: "(not understood) " }) : null,
      el("button", { type: "button", onclick: () => { list.splice(i, 1); changed(); }, text: "Remove",
        "aria-label": `Remove the effect of ${e.source}` }))))] : []));
}
async function addEffect(ev) {
  ev.preventDefault();
  const src = $("effect-source").value, text = $("effect-text").value.trim();
  if (!text || !board.players.length) return;
  const source = src ? perm(src).name : ({ "Goad target creature.": "Goad" })[text] || "Effect";
  const e = { source, controller: $("effect-controller").value, text,
    targets: [...$("effect-targets").selectedOptions].map((o) => o.value) };
  if (src) e.source_id = src;
  board.effects = [...(board.effects || []), e];
  await readText(text, source);
  changed();
}
function presetText() {
  const v = $("effect-preset").value, src = $("effect-source").value;
  if (v === "provoke") {
    $("effect-text").value = `Target creature defending player controls blocks ${src ? perm(src).name : "CARDNAME"} this combat if able.`;
  } else if (v) $("effect-text").value = v;
}
function renderDeclaration() {
  const s = step();
  const hints = {
    attack: selected ? `${label(selected)} picked: now pick a player, planeswalker or battle to attack.`
      : "Pick an attacking creature (of the active player), then what it attacks.",
    block: selected ? `${label(selected)} picked: now pick the attacker it blocks.`
      : "Pick a blocking creature, then the attacker it blocks (pick the pair again to undo).",
    damage: "Divide each creature's combat damage, or use the default.",
  };
  $("hint").textContent = hints[s];
  const items = [];
  (board.attacks || []).forEach((a, i) => items.push(el("li", {}, `${label(a.attacker)} attacks ${label(a.target)}`,
    s === "attack" ? el("button", { type: "button", onclick: () => undeclare("attacks", i), text: "Remove",
      "aria-label": `Remove the attack of ${label(a.attacker)}` }) : null)));
  (board.blocks || []).forEach((b, i) => items.push(el("li", {}, `${label(b.blocker)} blocks ${label(b.attacker)}`,
    s === "block" ? el("button", { type: "button", onclick: () => undeclare("blocks", i), text: "Remove",
      "aria-label": `Remove the block of ${label(b.blocker)}` }) : null)));
  if (!(board.attacks || []).length) items.unshift(el("li", { text: "No attackers declared." }));
  if (s !== "attack" && !(board.blocks || []).length) items.push(el("li", { text: "No blockers declared." }));
  $("declaration").replaceChildren(...items);
  $("damage-form").replaceChildren(...(s === "damage" ? damageForm() : []));
}
function damageForm() {
  const sources = [];
  for (const a of board.attacks || []) {
    const blockers = (board.blocks || []).filter((b) => b.attacker === a.attacker).map((b) => b.blocker);
    sources.push([a.attacker, [...blockers, a.target]]);
  }
  const blockerIds = [...new Set((board.blocks || []).map((b) => b.blocker))];
  for (const b of blockerIds) sources.push([b, board.blocks.filter((x) => x.blocker === b).map((x) => x.attacker)]);
  return sources.map(([src, targets]) => {
    const entry = board.damage.find((d) => d.source === src && (d.step || "regular") === "regular");
    const useDefault = el("input", { type: "checkbox", checked: !entry, onchange: (e) => {
      board.damage = board.damage.filter((d) => d.source !== src);
      if (!e.target.checked) board.damage.push({ source: src, to: [] });
      changed();
    } });
    return el("fieldset", { class: "damage-src" }, el("legend", { text: `${label(src)} deals damage` }),
      el("label", {}, useDefault, " use the default"),
      ...(entry ? targets.map((t) => {
        const part = entry.to.find((x) => x.target === t);
        return el("label", { class: "share" }, `to ${label(t)}: `, num(part ? part.amount : 0, (v) => {
          entry.to = entry.to.filter((x) => x.target !== t);
          if (v) entry.to.push({ target: t, amount: v });
        }, { min: 0, "aria-label": `Damage from ${label(src)} to ${label(t)}` }));
      }) : []));
  });
}

// ---- the ruling ---------------------------------------------------------------------------------
function query() {
  const q = new URLSearchParams();
  for (const k of ["rules", "conditional", "paid_costs"]) if ($(k).value) q.set(k, $(k).value);
  return q.toString() ? "?" + q : "";
}
async function rule(started) {
  const mine = ++seq;
  if (inflight) inflight.abort();
  if (board.players.length < 2) {
    showVerdict(null, "Add two players to begin.");
    $("ruling-body").replaceChildren();
    return done(mine, started);
  }
  inflight = new AbortController();
  const url = (step() === "damage" ? "/api/damage" : "/api/check") + query();
  let r, body;
  const asked = performance.now();
  try {
    r = await fetch(url, { method: "POST", body: JSON.stringify(board), signal: inflight.signal,
      headers: { "Content-Type": "application/json" } });
    body = await r.json();
  } catch (e) {
    if (e.name === "AbortError") return;
    showVerdict(null, `The server did not answer: ${e.message}`);
    return done(mine, started);
  }
  if (mine !== seq) return;
  window.__legality.request = performance.now() - asked;  // the request alone: the rest is the page's own work
  window.__legality.judge = Number((r.headers.get("Server-Timing") || "").split("dur=")[1]) || null;
  if (r.ok) showRuling(body); else showProblems(body);
  done(mine, started);
}
function done(mine, started) {
  if (mine !== seq) return;
  timings.push(performance.now() - started);
  window.__legality.seq = mine;
  document.body.dataset.seq = String(mine);
}
function showVerdict(legal, sub, undecided = false) {
  const v = $("verdict");
  const word = undecided ? "UNDECIDED" : legal === true ? "LEGAL" : legal === false ? "ILLEGAL" : "—";
  v.className = "verdict " + (undecided ? "undecided" : legal === true ? "legal" : legal === false ? "illegal" : "");
  v.replaceChildren(document.createTextNode(word), sub ? el("small", { text: sub }) : "");
  const bar = $("status-bar");
  bar.className = v.className.replace("verdict", "").trim();
  bar.textContent = word === "—" ? (sub || "—") : `${word} — see the ruling`;
}
function showProblems(body) {
  flagged = new Set(); missed = new Set(); lastVerdict = null;
  showVerdict(null, "The board can't be judged yet");
  $("ruling-body").replaceChildren(el("p", { class: "error", text: body.error || "error" }),
    el("ul", {}, ...(body.problems || []).map((p) => el("li", {}, el("code", { text: p.path }), ` ${p.message}`))));
  highlight();
}
function showRuling(v) {
  lastVerdict = v;
  const undecided = v.undecided || v.legal === null;
  const what = { attack: "declaration of attackers", block: "declaration of blockers", damage: "combat damage" }[v.kind] || v.kind;
  const unread = (v.not_understood || []).length;
  showVerdict(v.legal, `${unread ? `${unread} sentence${unread > 1 ? "s" : ""} not understood · ` : ""}${what} · rules ${v.rules}${v.rules_options ? ` · ${v.rules_options.conditional}, ${v.rules_options.paid_costs}` : ""}`, undecided);
  // Undecided because rules text was not understood: what the checker found as if that text changed nothing
  // is v.ignoring_unread, shown apart and never as the ruling (nothing is highlighted on the board for it).
  flagged = new Set((v.violations || []).flatMap((x) => x.permanents || []));
  for (const st of v.steps || []) for (const x of st.violations || []) for (const id of x.permanents || []) flagged.add(id);
  missed = new Set(v.requirements ? (v.requirements.missed || []).map((m) => m.creature).filter(Boolean) : []);
  const out = [];
  if ((v.not_understood || []).length) {
    out.push(el("div", { class: "violation" }, el("strong", { text: "Rules text not understood — the checker can't rule on it:" }),
      el("ul", {}, ...v.not_understood.map((t) => el("li", { text: t })))));
  }
  const ignoring = v.ignoring_unread;
  if (ignoring) {
    const word = ignoring.legal === true ? "LEGAL" : ignoring.legal === false ? "ILLEGAL" : "UNDECIDED";
    out.push(el("section", { class: "ignoring", id: "ignoring-unread", "aria-labelledby": "ignoring-h" },
      el("h3", { id: "ignoring-h", text: `Ignoring the unread text: ${word}` }),
      el("p", { class: "hint", text: "What the checker finds if that text changed nothing — not a ruling." }),
      ...findings(ignoring, v.kind, false)));
  } else {
    out.push(...findings(v, v.kind, true));
  }
  if ((v.notes || []).length) out.push(el("h3", { text: "Notes" }), el("ul", {}, ...v.notes.map((n) => el("li", { text: n }))));
  $("ruling-body").replaceChildren(...out);
  highlight();
}
function findings(v, kind, ruling) {
  // Violations, requirements, a better declaration, other editions, damage results, and (inside the part
  // ignoring unread text) the notes that rest on them. `ruling`: these are the verdict's own.
  const out = [];
  const violations = [...(v.violations || []), ...(v.steps || []).flatMap((s) => s.violations || [])];
  if (violations.length) {
    out.push(el("h3", { text: "Violations" }), ...violations.map((x) => el("div", { class: "violation" },
      el("span", { class: "rule", text: x.rule }), " ", x.message)));
  }
  const req = v.requirements;
  if (req && req.total !== null) {
    out.push(el("h3", { text: "Requirements" }), el("p", { class: "requirements",
      text: `obeys ${req.obeyed ?? "?"}, maximum ${req.maximum_proven === false && req.maximum !== null ? "at least " : ""}${req.maximum ?? "?"} (${req.compared_with}), of ${req.total} in all` }));
    if ((req.missed || []).length) out.push(el("ul", {}, ...req.missed.map((m) =>
      el("li", {}, el("span", { class: "rule", text: m.rule }), ` missed: ${m.text}`))));
  }
  if (v.better && v.better.length !== undefined && v.legal !== true) {
    if (ruling) out.push(el("button", { type: "button", id: "show-legal", onclick: applyBetter, text: "Show a legal declaration" }));
    else out.push(el("h4", { text: "A declaration that would be legal" }));
    out.push(el("p", { class: "hint", text: v.better.length ? v.better.map((d) => d.blocker ? `${label(d.blocker)} blocks ${label(d.attacker)}`
      : `${label(d.attacker)} attacks ${label(d.target)}`).join("; ") : "no " + (kind === "block" ? "blockers" : "attackers") }));
  }
  const alts = Object.entries(v.alternatives || {});
  if (alts.length) out.push(el("h3", { text: "Other editions and settings" }), el("ul", {}, ...alts.map(([k, x]) =>
    el("li", { text: `${k.replace("=", " ")}: ${x === true ? "LEGAL" : x === false ? "ILLEGAL" : "UNDECIDED"}` }))));
  if (v.players && Object.keys(v.players).length) {
    out.push(el("h3", { text: "After combat damage" }), el("table", {},
      el("tr", {}, ...["player", "life", "poison", "commander damage", "loses"].map((h) => el("th", { text: h }))),
      ...Object.entries(v.players).map(([id, p]) => el("tr", {}, el("td", { text: id }), el("td", { text: p.life }),
        el("td", { text: p.poison }), el("td", { text: Object.entries(p.commander_damage || {}).map(([c, n]) => `${label(c)}: ${n}`).join(", ") }),
        el("td", { text: p.loses ? `loses (${p.loses_by})` : "—" })))));
    out.push(el("p", { text: `Destroyed: ${(v.destroyed || []).map(label).join(", ") || "none"}` }));
    for (const s of v.steps || []) for (const a of s.assignments || []) {
      if (a.how && a.how !== "given") out.push(el("p", { class: "hint", text: `${s.step}: ${label(a.source)} — ${a.how}` }));
    }
  }
  if (!ruling && (v.notes || []).length) out.push(el("h4", { text: "Notes" }), el("ul", {}, ...v.notes.map((n) => el("li", { text: n }))));
  return out;
}
function highlight() {
  // Mark what the ruling names without re-drawing the board (fast, and the focus stays where it is).
  for (const c of document.querySelectorAll(".card")) {
    c.classList.toggle("flagged", flagged.has(c.dataset.id));
    c.classList.toggle("missed", missed.has(c.dataset.id) && !flagged.has(c.dataset.id));
  }
  for (const p of board.players) $("player-" + p.id)?.classList.toggle("flagged", flagged.has(p.id));
}
function applyBetter() {
  if (!lastVerdict || !lastVerdict.better) return;
  if (lastVerdict.kind === "block") board.blocks = lastVerdict.better.map((d) => ({ ...d }));
  else board.attacks = lastVerdict.better.map((d) => ({ ...d }));
  selected = null;
  changed();
}

// ---- round trip: file, URL fragment, fixtures ---------------------------------------------------
function load(data) {
  board = { ...data };
  board.permanents = board.permanents || []; board.players = board.players || [];
  if (board.attacks === undefined) board.attacks = [];
  selected = null;
  const meta = board.meta;
  $("question").hidden = !meta;
  $("question").textContent = meta ? `${meta.question || ""}${meta.source ? " — " + meta.source : ""}` : "";
  if (board.rules) $("rules").value = "";
  changed();
  readAll();
}
const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64 = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}
async function saveHash() {
  const json = new TextEncoder().encode(JSON.stringify(board));
  const hash = "CompressionStream" in window ? "z=" + b64(await pipe(json, new CompressionStream("deflate-raw"))) : "j=" + b64(json);
  history.replaceState(null, "", "#" + hash);
}
async function fromHash() {
  const h = location.hash.slice(1);
  if (!h) return false;
  try {
    const bytes = h.startsWith("z=") ? await pipe(unb64(h.slice(2)), new DecompressionStream("deflate-raw")) : unb64(h.slice(2));
    load(JSON.parse(new TextDecoder().decode(bytes)));
    return true;
  } catch (e) {
    showVerdict(null, "The link's board could not be read.");
    return false;
  }
}
function download() {
  const a = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(board, null, 2)], { type: "application/json" })),
    download: (board.id || "board") + ".json" });
  document.body.append(a); a.click(); a.remove();
}
async function upload(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  try { load(JSON.parse(await file.text())); } catch (e) { showVerdict(null, `Not a board file: ${e.message}`); }
  ev.target.value = "";
}
async function fixtures() {
  const r = await fetch("/api/fixtures");
  if (!r.ok) return;
  const groups = {};
  for (const f of await r.json()) (groups[f.path.split("/").slice(0, -1).join("/")] ||= []).push(f);
  $("fixture").append(...Object.entries(groups).map(([g, list]) => el("optgroup", { label: g },
    ...list.map((f) => el("option", { value: f.path, text: f.path.split("/").pop().replace(/\.json$/, ""), title: f.question })))));
}
async function openFixture() {
  const path = $("fixture").value;
  if (!path) return;
  const r = await fetch("/api/fixtures/" + path.split("/").map(encodeURIComponent).join("/"));
  if (r.ok) load(await r.json());
}
let namesTimer = null;
function suggest() {
  clearTimeout(namesTimer);
  namesTimer = setTimeout(async () => {
    const r = await fetch("/api/cards?prefix=" + encodeURIComponent($("perm-name").value));
    if (r.ok) $("card-names").replaceChildren(...(await r.json()).map((n) => el("option", { value: n })));
  }, 120);
}

// ---- wiring -------------------------------------------------------------------------------------
document.addEventListener("DOMContentLoaded", async () => {
  $("add-player").onclick = addPlayer;
  $("remove-player").onclick = removePlayer;
  $("active").onchange = (e) => { board.active_player = e.target.value; prune(); changed(); };
  $("add-permanent").onsubmit = addPermanent;
  $("add-effect").onsubmit = addEffect;
  $("effect-preset").onchange = presetText;
  $("effect-source").onchange = presetText;
  $("perm-name").oninput = suggest;
  for (const r of document.querySelectorAll("input[name=step]")) r.onchange = () => setStep(r.value);
  for (const k of ["rules", "conditional", "paid_costs"]) $(k).onchange = () => changed();
  $("new-board").onclick = () => { board = blankBoard(); $("question").hidden = true; changed(); };
  $("download").onclick = download;
  $("upload").onchange = upload;
  $("copy-link").onclick = async () => { await saveHash(); navigator.clipboard?.writeText(location.href).catch(() => {}); };
  $("fixture").onchange = openFixture;
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && selected) { selected = null; render(); } });
  suggest();
  if (!(await fromHash())) changed();
  fixtures();
  window.__legality.ready = true;
  document.body.dataset.ready = "1";
});
