// The judge's page: the board file of the contract is the state; every change asks the API for a ruling.
// The board lives in the address (#z=...), every change can be undone, and nothing is lost without a word.
"use strict";

const PLAYER_IDS = ["A", "B", "C", "D", "E", "F"];
const UNDO_LIMIT = 200;
const STEP_WORDS = { attack: "Attackers", block: "Blockers", damage: "Damage" };
let board = startBoard();
let aside = null;             // blocks and damage set aside while an earlier step is changed: {blocks, damage}
let selected = null;          // the permanent id picked first (an attacker, or a blocker)
let named = new Map();        // id → what the ruling says of it ("breaks 509.1b"), for highlights and names
let lastVerdict = null;
const info = new Map();       // "card:name" or "text:name\ntext" → what the API read (a card, a reading, {missing})
const asking = new Map();     // the same keys → the request under way
const timings = [];           // ms from a change to its ruling on screen (read by the browser tests)
window.__legality = { timings, seq: 0, ready: false, board: () => board, verdict: () => lastVerdict };
let seq = 0, inflight = null;
let committed = null;         // the state as last recorded: undo returns to the one before
const undoStack = [], redoStack = [];
let lastHash = "";            // what this page last wrote in the address
let hashSeq = 0;
let focusAfter = null;        // where the focus goes when the focused control is gone after a change

function startBoard() {
  return { version: 1, active_player: "A", players: [{ id: "A", life: 20 }, { id: "B", life: 20 }],
    permanents: [], effects: [], attacks: [] };
}
const $ = (id) => document.getElementById(id);
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else if (k === "key") e.dataset.key = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false) e.append(k);
  return e;
}
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const cap = (s) => s ? s[0].toUpperCase() + s.slice(1) : s;

// ---- what a permanent is -------------------------------------------------------------------------
const isCustom = (p) => typeof p.oracle === "string";
const cardKey = (name) => "card:" + name.toLowerCase();
const textKey = (name, text) => "text:" + name + "\n" + text;
const infoKey = (p) => isCustom(p) ? textKey(p.name, p.oracle) : cardKey(p.name);
function cardOf(p) { const c = info.get(infoKey(p)); return c && !c.missing ? c : {}; }
function field(p, k) { return p[k] !== undefined ? p[k] : cardOf(p)[k]; }
function typesOf(p) {
  const t = field(p, "types");
  if (t && t.length) return t;
  return (field(p, "power") !== undefined && field(p, "toughness") !== undefined) ? ["creature"] : [];
}
const isCreature = (p) => typesOf(p).includes("creature");
const perm = (id) => board.permanents.find((p) => p.id === id);
const player = (id) => board.players.find((p) => p.id === id);
const label = (id) => { const p = perm(id); return p ? `${p.name} (${id})` : player(id) ? `Player ${id}` : id; };
function step() { return board.damage != null ? "damage" : board.blocks != null ? "block" : "attack"; }
function typeLine(p) {
  const sub = field(p, "subtypes") || [];
  const main = [...(field(p, "supertypes") || []), ...typesOf(p)].map(cap).join(" ");
  return main + (sub.length ? ` — ${sub.join(" ")}` : "");
}
const needsPT = (p) => isCreature(p) && (field(p, "power") === undefined || field(p, "toughness") === undefined);
function statsOf(p) {
  const out = [];
  if (needsPT(p)) out.push(`P/T not given: ${field(p, "power") ?? "?"}/${field(p, "toughness") ?? "?"}`);
  else if (field(p, "power") !== undefined) out.push(`${field(p, "power")}/${field(p, "toughness")}`);
  if (field(p, "loyalty") !== undefined) out.push(`loyalty ${field(p, "loyalty")}`);
  if (field(p, "defense") !== undefined) out.push(`defense ${field(p, "defense")}`);
  return out.join(", ");
}
function keywordsOf(p) {
  const read = (cardOf(p).sentences || []).filter((s) => s.status !== "not understood").flatMap((s) => s.keywords || []);
  return [...new Set([...(p.keywords || []), ...read])];
}

// ---- reading cards and text: one request at a time, so a ruling always finds a worker ---------------
let chain = Promise.resolve();
function serial(task) { const p = chain.then(task, task); chain = p.catch(() => {}); return p; }
async function ask(url, init) {
  for (let tries = 0; ; tries++) {
    const r = await fetch(url, init);
    if (r.status !== 503 || tries >= 2) return r;
    await new Promise((ok) => setTimeout(ok, 1000 * Number(r.headers.get("Retry-After") || 1)));
  }
}
function learn(key, fetcher, urgent = false) {
  // A card the judge is adding now goes first; the readings of a board opened wait their turn.
  if (info.has(key)) return Promise.resolve(info.get(key));
  if (!asking.has(key)) asking.set(key, (urgent ? fetcher() : serial(fetcher)).finally(() => asking.delete(key)));
  return asking.get(key);
}
function readCard(name, urgent = false) {
  return learn(cardKey(name), async () => {
    let r, body;
    try { r = await ask("/api/card/" + encodeURIComponent(name)); body = await r.json(); } catch (e) { return null; }
    if (r.ok) { info.set(cardKey(name), body); info.set(cardKey(body.name), body); return body; }
    if (r.status === 404) { const miss = { missing: true, suggestions: body.suggestions || [], library: body.library || "" }; info.set(cardKey(name), miss); return miss; }
    return null;
  }, urgent);
}
function readText(name, text, urgent = false) {
  return learn(textKey(name, text), async () => {
    let r;
    try {
      r = await ask("/api/text", { method: "POST", body: JSON.stringify({ text, name }),
        headers: { "Content-Type": "application/json" } });
      if (!r.ok) return null;
      const body = await r.json();
      info.set(textKey(name, text), body);
      return body;
    } catch (e) { return null; }
  }, urgent);
}
function readAll() {
  const jobs = board.permanents.map((p) => (isCustom(p) ? readText(p.name, p.oracle) : readCard(p.name))
    .then(() => refreshCard(p.id)));
  for (const e of board.effects || []) if (e.text) jobs.push(readText(e.source, e.text).then(() => keepFocus(renderEffects)));
  return Promise.all(jobs);
}

// ---- changes, undo and redo ------------------------------------------------------------------------
const snapshot = () => JSON.stringify({ board, aside });
function changed(opts = {}) {
  // Every change: judged at once (the request leaves before the page is drawn), drawn, recorded, saved.
  const started = performance.now();
  if (!opts.keepNotices) clearNotices();
  rule(started, opts.delay || 0);
  render();
  record(opts.what);
  if (opts.save !== false) saveHash();
}
function record(what) {
  const now = snapshot();
  if (committed !== null && now !== committed.state) {
    undoStack.push(committed);
    if (undoStack.length > UNDO_LIMIT) undoStack.shift();
    redoStack.length = 0;
  }
  committed = { state: now, what: what || "a change" };
  renderUndo();
}
function travel(from, to, word) {
  if (!from.length) { notice(`Nothing to ${word.toLowerCase()}.`); return; }
  const back = from.pop();
  to.push(committed);
  const what = (word === "Undo" ? committed : back).what;
  committed = back;
  ({ board, aside } = JSON.parse(back.state));
  selected = null;
  const started = performance.now();
  rule(started, 0);
  render(); renderUndo(); saveHash(); readAll();
  notice(`${word === "Undo" ? "Undone" : "Redone"}: ${what}.`);
}
const undo = () => travel(undoStack, redoStack, "Undo");
const redo = () => travel(redoStack, undoStack, "Redo");
function renderUndo() {
  for (const [id, stack, word] of [["undo", undoStack, "Undo"], ["redo", redoStack, "Redo"]]) {
    const b = $(id), last = stack[stack.length - 1];
    b.setAttribute("aria-disabled", stack.length ? "false" : "true");
    b.title = last ? `${word}: ${word === "Undo" ? committed.what : last.what}` : `Nothing to ${word.toLowerCase()}`;
  }
}

// ---- players and permanents -----------------------------------------------------------------------
function addPlayer() {
  if (board.players.length >= PLAYER_IDS.length) { say(`A board has at most ${PLAYER_IDS.length} players.`); return; }
  const id = PLAYER_IDS.find((x) => !board.players.some((p) => p.id === x));
  board.players.push({ id, life: board.players[0]?.life ?? 20 });
  changed({ what: `add player ${id}` });
}
function removePlayer() {
  const last = board.players[board.players.length - 1];
  if (!last) return;
  if (board.players.length <= 2) { say("A board needs two players: this one stays (New board starts again)."); return; }
  board.players.pop();
  board.permanents = board.permanents.filter((p) => p.controller !== last.id);
  board.effects = (board.effects || []).filter((e) => e.controller !== last.id);
  if (board.active_player === last.id) board.active_player = board.players[0].id;
  if (board.teams) {  // the page doesn't edit teams (805.10): keep them naming only players that are left
    board.teams = board.teams.map((t) => ({ ...t, players: t.players.filter((p) => p !== last.id) }))
      .filter((t) => t.players.length);
    if (board.teams.length < 2) delete board.teams;
  }
  prune();
  changed({ what: `remove player ${last.id}` });
}
function newId(name) {
  const base = (name || "permanent").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "p";
  let id = base, n = 2;
  while (board.permanents.some((p) => p.id === id) || board.players.some((p) => p.id === id)) id = `${base}-${n++}`;
  return id;
}
function addPermanent(p, what) {
  board.permanents.push(p);
  changed({ what });
}
async function addCard(ev) {
  ev?.preventDefault();
  closeNames();
  const name = $("perm-name").value.trim(), controller = $("perm-controller").value;
  $("add-error").replaceChildren();
  if (!name) { $("add-error").textContent = "Type a card's name (or add a custom permanent below)."; return; }
  const card = await readCard(name, true);
  if (!card) { $("add-error").textContent = "The server did not answer: try again."; return; }
  if (card.missing) { showMissing(name, card.suggestions, card.library); return; }
  $("perm-name").value = "";
  addPermanent({ id: newId(card.name), name: card.name, controller }, `add ${card.name}`);
}
function showMissing(name, suggestions, how) {
  const parts = [`No card named “${name}” in the library.`];
  if (suggestions.length) {
    parts.push(" Did you mean ", ...suggestions.flatMap((s, i) => [i ? " or " : "", el("button", { type: "button",
      class: "link", key: `suggest-${i}`, text: s, onclick: () => { focusAfter = "#perm-name"; $("perm-name").value = s; addCard(); } })]), "?");
  }
  parts.push(" ", el("button", { type: "button", class: "link", key: "as-custom", text: "Add it as a custom permanent",
    onclick: () => { $("custom-box").open = true; $("custom-name").value = name; $("custom-oracle").focus(); } }));
  if (how) parts.push(el("span", { class: "how", text: how }));
  $("add-error").replaceChildren(...parts);
}
async function addCustom(ev) {
  ev.preventDefault();
  const name = $("custom-name").value.trim() || "Custom permanent";
  const oracle = $("custom-oracle").value.trim(), type = $("custom-type").value;
  const p = { id: newId(name), name, controller: $("custom-controller").value, oracle, types: [type] };
  const numbers = { creature: ["power", "toughness"], planeswalker: ["loyalty"], battle: ["defense"] }[type] || [];
  for (const k of numbers) {
    const v = $("custom-" + k).valueAsNumber;
    if (!Number.isInteger(v)) { $("custom-error").textContent = `Give the ${k} as a whole number.`; return; }
    p[k] = v;
  }
  $("custom-error").textContent = "";
  await readText(name, oracle, true);
  $("custom-oracle").value = "";
  addPermanent(p, `add custom ${name}`);
}
function customType() {
  const type = $("custom-type").value;
  for (const l of document.querySelectorAll("#add-custom [data-for]")) l.hidden = l.dataset.for !== type;
}
function removePermanent(id) {
  const p = perm(id), mine = board.permanents.filter((q) => q.controller === p.controller);
  const next = mine[mine.indexOf(p) + 1] || mine[mine.indexOf(p) - 1];
  focusAfter = next ? "pick-" + next.id : "#perm-name";
  board.permanents = board.permanents.filter((q) => q.id !== id);
  for (const q of board.permanents) if (q.attached_to === id) delete q.attached_to;
  prune();
  changed({ what: `remove ${label(id)}` });
}
function prune() {
  const ids = new Set([...board.permanents.map((p) => p.id), ...board.players.map((p) => p.id)]);
  if (board.attacks) board.attacks = board.attacks.filter((a) => ids.has(a.attacker) && ids.has(a.target));
  const attacking = new Set((board.attacks || []).map((a) => a.attacker));
  if (board.blocks) board.blocks = board.blocks.filter((b) => ids.has(b.blocker) && attacking.has(b.attacker));
  if (board.damage) board.damage = board.damage.filter((d) => ids.has(d.source));
  for (const e of board.effects || []) if (e.targets) e.targets = e.targets.filter((t) => ids.has(t));
  if (selected && !ids.has(selected)) selected = null;
}

// ---- steps: what a later step declared is set aside, never deleted ---------------------------------
function setStep(s) {
  const was = step();
  if (s === was) return;
  const later = { attack: ["blocks", "damage"], block: ["damage"], damage: [] }[s];
  const put = later.filter((k) => board[k] && board[k].length);
  if (put.length) aside = { ...(aside || {}), ...Object.fromEntries(put.map((k) => [k, board[k]])) };
  for (const k of later) delete board[k];
  board.attacks = board.attacks || [];
  const dropped = [];
  if (s !== "attack") board.blocks = board.blocks || restore("blocks", dropped);
  if (s === "damage") board.damage = board.damage || restore("damage", dropped);
  selected = null;
  changed({ what: `go to the ${STEP_WORDS[s]} step` });
  const kept = put.map((k) => plural(aside[k].length, k === "blocks" ? "block" : "damage entry"));
  const said = [kept.length ? `Set aside ${kept.join(" and ")}: they come back when you choose ${STEP_WORDS[was]} again.` : "",
    dropped.length ? `Not brought back: ${dropped.join("; ")}.` : ""].filter(Boolean).join(" ");
  if (said) notice(said);
}
function restore(k, dropped) {
  const list = (aside && aside[k]) || [];
  if (aside) { delete aside[k]; if (!Object.keys(aside).length) aside = null; }
  const attacking = new Set((board.attacks || []).map((a) => a.attacker));
  const ok = (x) => k === "blocks" ? perm(x.blocker) && attacking.has(x.attacker) : perm(x.source);
  for (const x of list) if (!ok(x)) dropped.push(k === "blocks" ? `${label(x.blocker)} blocked ${label(x.attacker)}, which no longer attacks`
    : `damage from ${label(x.source)}`);
  return list.filter(ok);
}
function discardAside() {
  aside = null;
  focusAfter = "#declaration";
  changed({ what: "discard what was set aside" });
}

// ---- clicks that declare: a click in the wrong order says why nothing happened ----------------------
function pick(id) {
  const p = perm(id), s = step();
  if (s === "attack") return pickInAttack(p);
  if (s === "block") return pickInBlock(p);
  say(`In the damage step the declarations are fixed: divide the damage below, or change the attack or the blocks in their step.`);
}
function pickInAttack(p) {
  const attackable = typesOf(p).some((t) => t === "planeswalker" || t === "battle");
  if (attackable && p.controller !== board.active_player) {
    if (selected) return declareAttack(selected, p.id);
    return say(`${label(p.id)} can be attacked: pick the attacking creature first, then ${p.name}.`);
  }
  if (!isCreature(p)) return say(`${label(p.id)} is not a creature: it can't attack.`);
  if (p.controller !== board.active_player) {
    return say(`${label(p.id)} is Player ${p.controller}'s: only the active player's creatures (Player ${board.active_player}) attack. ` +
      `Its blocks are declared in the Blockers step; to make Player ${p.controller} active, use “Active player”.`);
  }
  select(p.id);
}
function pickInBlock(p) {
  const attacking = (board.attacks || []).some((a) => a.attacker === p.id);
  if (attacking) {
    if (selected) return declareBlock(selected, p.id);
    return say(`${label(p.id)} is attacking: pick a blocking creature first, then ${p.name}.`);
  }
  if (!isCreature(p)) return say(`${label(p.id)} is not a creature: it can't block.`);
  if (p.controller === board.active_player) {
    return say(`${label(p.id)} is not attacking, and the active player's creatures don't block. To make it attack, choose the Attackers step.`);
  }
  if (!(board.attacks || []).length) return say("No creature is attacking: declare the attack in the Attackers step first.");
  select(p.id);
}
function select(id) {
  selected = selected === id ? null : id;
  render();
}
function attackPlayer(pid) {
  if (step() === "attack" && selected) declareAttack(selected, pid);
}
function declareAttack(attacker, target) {
  board.attacks = (board.attacks || []).filter((a) => a.attacker !== attacker);
  board.attacks.push({ attacker, target });
  selected = null;
  focusAfter = "pick-" + attacker;
  changed({ what: `${label(attacker)} attacks ${label(target)}` });
}
function declareBlock(blocker, attacker) {
  const i = board.blocks.findIndex((b) => b.blocker === blocker && b.attacker === attacker);
  if (i >= 0) board.blocks.splice(i, 1); else board.blocks.push({ blocker, attacker });
  selected = null;
  changed({ what: `${label(blocker)} ${i >= 0 ? "no longer blocks" : "blocks"} ${label(attacker)}` });
}
function undeclare(kind, i) {
  const item = board[kind][i];
  board[kind].splice(i, 1);
  prune();
  const left = board[kind].length;
  focusAfter = left ? `undeclare-${kind}-${Math.min(i, left - 1)}` : "#declaration";
  changed({ what: kind === "attacks" ? `take back the attack of ${label(item.attacker)}` : `take back the block of ${label(item.blocker)}` });
}
function say(text) {
  // A message about the last click (the hint line is a live region: screen readers hear it too).
  const h = $("hint");
  h.textContent = text;
  h.classList.add("said");
}

// ---- rendering ----------------------------------------------------------------------------------------
function render() {
  keepFocus(() => { renderSelects(); renderPlayers(); renderEffects(); renderDeclaration(); });
}
function byKey(key) {
  if (!key) return null;
  if (key.startsWith("#")) return $(key.slice(1));
  return document.querySelector(`[data-key="${CSS.escape(key)}"]`);
}
function keepFocus(draw) {
  // Drawing replaces elements: the focus goes back to the same control (by its data-key), or where the
  // action said (focusAfter) when that control is gone, never to the page's body.
  const a = document.activeElement;
  const key = a && a.dataset ? a.dataset.key : null;
  const open = [...document.querySelectorAll(".card details[open]")].map((d) => d.closest(".card").dataset.id);
  draw();
  for (const id of open) document.querySelector(`#perm-${CSS.escape(id)} details`)?.setAttribute("open", "");
  const after = focusAfter;
  focusAfter = null;
  if (a && a.isConnected && a !== document.body) return;
  const target = byKey(key) || byKey(after);
  if (target) target.focus();
}
function options(select, values) {
  const old = select.value;
  select.replaceChildren(...values.map(([v, t]) => el("option", { value: v, text: t })));
  if (values.some(([v]) => v === old)) select.value = old;
}
function renderSelects() {
  const players = board.players.map((p) => [p.id, `Player ${p.id}`]);
  options($("active"), players); $("active").value = board.active_player;
  for (const id of ["perm-controller", "custom-controller", "effect-controller"]) options($(id), players);
  options($("effect-source"), [["", "none on the battlefield (a spell)"], ...board.permanents.map((p) => [p.id, label(p.id)])]);
  renderTargets();
  for (const r of document.querySelectorAll("input[name=step]")) r.checked = r.value === step();
}
function renderTargets() {
  const box = $("effect-targets").querySelector(".targets");
  const chosen = new Set([...box.querySelectorAll("input:checked")].map((i) => i.value));
  const all = [...board.permanents.filter((p) => isCreature(p) || typesOf(p).some((t) => t === "planeswalker" || t === "battle")).map((p) => p.id),
    ...board.players.map((p) => p.id)];
  box.replaceChildren(...all.map((id) => el("label", {}, el("input", { type: "checkbox", value: id, key: "target-" + id,
    checked: chosen.has(id) }), ` ${label(id)}`)));
  if (!all.length) box.append(el("p", { class: "hint", text: "Nothing to target yet." }));
}
function num(value, onset, attrs) {
  return el("input", { type: "number", value: value ?? 0, inputmode: "numeric", ...attrs,
    onchange: (e) => { if (!Number.isInteger(e.target.valueAsNumber)) return; onset(e.target.valueAsNumber); changed({ delay: 250, what: attrs["aria-label"] }); } });
}
function renderPlayers() {
  // Only what changed is drawn again: a card whose permanent, state and reading are as last drawn keeps its
  // element (a Commander board has dozens), so a click redraws a card or two, not the whole board.
  const shared = JSON.stringify([board.permanents.filter(isCreature).map((p) => [p.id, p.name]), board.players.map((p) => p.id)]);
  const sections = board.players.map((pl) => playerSection(pl, shared));
  if (!sameNodes($("players").children, sections)) $("players").replaceChildren(...sections);
  for (const id of drawn.keys()) if (!perm(id)) drawn.delete(id);
  highlight();
}
function sameNodes(now, want) {
  return now.length === want.length && want.every((n, i) => now[i] === n);
}
function playerSection(pl, shared) {
  const sec = document.getElementById("player-" + pl.id)
    || el("section", { class: "player", id: "player-" + pl.id, "aria-label": `Player ${pl.id}` }, el("div"), el("div"));
  sec.firstChild.replaceWith(playerHead(pl));
  const mine = board.permanents.filter((p) => p.controller === pl.id);
  const nodes = mine.map((p) => cardNode(p, shared));
  const box = sec.lastChild;
  if (!mine.length) box.replaceWith(el("p", { class: "hint", text: "No permanents." }));
  else if (box.className !== "cards") box.replaceWith(el("div", { class: "cards" }, ...nodes));
  else if (box.children.length === nodes.length) nodes.forEach((n, i) => { if (box.children[i] !== n) box.children[i].replaceWith(n); });
  else box.replaceChildren(...nodes);
  return sec;
}
function playerHead(pl) {
  const target = step() === "attack" && selected && pl.id !== board.active_player;
  const commanders = board.permanents.filter((p) => p.commander && p.controller !== pl.id);
  return el("div", { class: "player-head" },
    el("h3", { text: `Player ${pl.id}${pl.id === board.active_player ? " (active)" : ""}` }),
    el("label", {}, "Life ", num(pl.life, (v) => { pl.life = v; }, { "aria-label": `Player ${pl.id} life`, key: `life-${pl.id}` })),
    el("label", {}, "Poison ", num(pl.poison, (v) => { pl.poison = v; }, { min: 0, "aria-label": `Player ${pl.id} poison counters`, key: `poison-${pl.id}` })),
    // Cards in the graveyard: asked for only by rules text that counts them (threshold); blank when not given.
    el("label", {}, "Graveyard ", el("input", { type: "number", min: 0, value: pl.graveyard_size ?? "", placeholder: "?",
      inputmode: "numeric", "aria-label": `Player ${pl.id} cards in graveyard`, key: `graveyard-${pl.id}`,
      onchange: (e) => {
        const v = e.target.valueAsNumber;
        if (e.target.value === "") delete pl.graveyard_size;
        else if (Number.isInteger(v) && v >= 0) pl.graveyard_size = v;
        else return;
        changed({ delay: 250, what: `Player ${pl.id} cards in graveyard` });
      } })),
    ...commanders.map((c) =>
      el("label", {}, `Commander damage from ${c.name} `, num((pl.commander_damage || {})[c.id], (v) => {
        pl.commander_damage = { ...(pl.commander_damage || {}), [c.id]: v }; },
      { min: 0, "aria-label": `Player ${pl.id} commander damage taken from ${label(c.id)}`, key: `cmd-${pl.id}-${c.id}` }))),
    target ? el("button", { type: "button", class: "attack-player", key: `attack-${pl.id}`, onclick: () => attackPlayer(pl.id),
      text: `Attack player ${pl.id}` }) : null,
    el("span", { class: "ruled" }));
}
const drawn = new Map();  // permanent id → { sig, node }: the card as last drawn, and what it was drawn from
function cardNode(p, shared) {
  const sig = JSON.stringify([p, selected === p.id, info.has(infoKey(p)), stateOf(p), step(), shared]);
  const old = drawn.get(p.id);
  if (old && old.sig === sig) return old.node;
  const node = renderCard(p);
  if (old && old.node.querySelector("details")?.open) node.querySelector("details").open = true;
  drawn.set(p.id, { sig, node });
  return node;
}
function stateOf(p) {
  const att = (board.attacks || []).find((a) => a.attacker === p.id);
  const blk = (board.blocks || []).filter((b) => b.blocker === p.id);
  return [p.tapped && "tapped", p.summoning_sick && "summoning sick", p.commander && "commander",
    att && `attacking ${label(att.target)}`, ...blk.map((b) => `blocking ${label(b.attacker)}`),
    p.attached_to && `attached to ${label(p.attached_to)}`,
    ...(p.abilities || []).map((a) => String(a.kind).replace(/_/g, " "))].filter(Boolean);
}
function cardName(p) {
  // The accessible name of a card's button: what it is, what it is doing, what the ruling says of it.
  const kws = keywordsOf(p);
  return [label(p.id), isCustom(p) ? "custom" : null, typeLine(p), statsOf(p), kws.length ? kws.join(", ") : null,
    ...stateOf(p), ...(named.get(p.id) || [])].filter(Boolean).join(", ");
}
function renderCard(p) {
  const kws = keywordsOf(p), state = stateOf(p), known = info.get(infoKey(p));
  const cls = ["card", p.tapped && "tapped", isCustom(p) && "custom", named.has(p.id) && "flagged",
    selected === p.id && "picked"].filter(Boolean).join(" ");
  return el("article", { class: cls, id: "perm-" + p.id, "data-id": p.id },
    el("button", { type: "button", class: "pick", key: "pick-" + p.id, "aria-pressed": selected === p.id ? "true" : "false",
      onclick: () => pick(p.id), "aria-label": cardName(p) },
      el("span", { class: "name" }, p.name, isCustom(p) ? el("span", { class: "tag", text: "custom" }) : null),
      el("span", { class: "typeline", text: typeLine(p) || (known ? "" : "reading the card…") }),
      statsOf(p) ? el("span", { class: needsPT(p) ? "pt missing" : "pt", text: statsOf(p) + (needsPT(p) ? " (give them under Edit)" : "") }) : null,
      kws.length ? el("span", { class: "kw", text: kws.map(cap).join(", ") }) : null,
      state.length ? el("span", { class: "state", text: state.join(" · ") }) : null,
      el("span", { class: "ruled", text: (named.get(p.id) || []).join("; ") })),
    renderText(p, known),
    renderEdit(p));
}
const KIND_WORDS = { static: "static", activated: "activated", triggered: "triggered", elsewhere: "elsewhere" };
const STATUS_MARKS = { "understood": ["✓", "understood"], "no combat meaning": ["–", "no combat meaning"],
  "not understood": ["?", "not understood"] };
function renderText(p, known) {
  // What the reader made of the card's rules text, sentence by sentence, by kind of ability.
  if (known && known.missing) {
    const given = ["types", "power", "toughness", "loyalty", "defense", "keywords", "abilities"].some((k) => p[k] !== undefined);
    return el("p", { class: given ? "text-none" : "unread", text: given ? "Not a library card: the values the board gives are used."
      : `No card named “${p.name}” in the library: give its text as a custom permanent. ${known.library || ""}`.trim() });
  }
  if (!known) return null;
  // A keyword the checker knows is already on the card's keyword line: the list gives the rest.
  const sentences = (known.sentences || []).filter((s) => !(s.template === "keywords" && s.status === "understood"));
  if (!sentences.length) return (known.sentences || []).length ? null : el("p", { class: "text-none", text: "No rules text." });
  return el("ul", { class: "sentences", "aria-label": `Rules text of ${label(p.id)} as the checker reads it` },
    ...sentences.map((s) => {
      const [mark, words] = STATUS_MARKS[s.status] || ["", s.status];
      const what = s.status === "understood" && (s.described || []).length ? ` — ${s.described.join("; ")}` :
        s.status === "not understood" && s.note ? ` — ${s.note}` : "";
      return el("li", { class: "s-" + s.status.replace(/ /g, "-") },
        el("span", { class: "mark", "aria-hidden": "true", text: mark }),
        el("span", { class: "sr", text: words + ", " }),
        el("span", { class: "kind", text: (KIND_WORDS[s.kind] || s.kind || "") + (s.template === "keywords" ? " keyword" : "") }), " ",
        cap(s.sentence.replace(/~/g, p.name)), what ? el("span", { class: "said", text: what }) : null);
    }));
}
function renderEdit(p) {
  // A drawn card outlives the object it was drawn from (undo replaces the board): its controls change the
  // permanent with its id on the board now, never the object they were made from.
  const id = p.id, live = () => perm(id);
  const edit = (what, change) => { const q = live(); if (q) { change(q); changed({ what: `${what}: ${label(id)}` }); } };
  const toggle = (k, text) => el("label", {}, el("input", { type: "checkbox", checked: !!p[k], key: `${k}-${id}`,
    onchange: (e) => edit(text, (q) => { if (e.target.checked) q[k] = true; else delete q[k]; }) }), ` ${text}`);
  const counter = (d) => el("button", { type: "button", key: `counter${d}-${id}`, "aria-label": `${d > 0 ? "+1/+1" : "-1/-1"} counter on ${label(id)}`,
    onclick: () => edit(d > 0 ? "+1/+1" : "-1/-1", (q) => { q.power = (field(q, "power") ?? 0) + d; q.toughness = Math.max(0, (field(q, "toughness") ?? 0) + d); }),
    text: d > 0 ? "+1/+1" : "−1/−1" });
  const value = (k, letter, attrs) => el("label", {}, `${letter} `, el("input", { type: "number", value: field(p, k) ?? "", placeholder: "?", inputmode: "numeric",
    key: `${k}-${id}`, ...attrs, onchange: (e) => { const v = e.target.valueAsNumber; if (Number.isInteger(v)) edit(k, (q) => { q[k] = v; }); } }));
  const creature = isCreature(p);
  return el("details", { open: needsPT(p) }, el("summary", { text: "Edit", "aria-label": `Edit ${label(id)}`, key: "edit-" + id }),
    toggle("tapped", "tapped"), creature ? toggle("summoning_sick", "summoning sick") : null, toggle("commander", "commander"),
    creature ? value("power", "P", { "aria-label": `Power of ${label(id)}` }) : null,
    creature ? value("toughness", "T", { min: 0, "aria-label": `Toughness of ${label(id)}` }) : null,
    creature ? counter(1) : null, creature ? counter(-1) : null, creature ? null : attachSelect(p),
    el("button", { type: "button", key: "remove-" + id, onclick: () => removePermanent(id), text: "Remove",
      "aria-label": `Remove ${label(id)}` }));
}
function attachSelect(p) {
  const id = p.id, others = board.permanents.filter((q) => q.id !== id && isCreature(q));
  const sel = el("select", { key: "attach-" + id, "aria-label": `${label(id)} is attached to`,
    onchange: (e) => { const q = perm(id); if (!q) return; if (e.target.value) q.attached_to = e.target.value; else delete q.attached_to; changed({ what: `attach ${label(id)}` }); } },
    el("option", { value: "", text: "(nothing)" }), ...others.map((q) => el("option", { value: q.id, text: label(q.id) })),
    ...board.players.map((q) => el("option", { value: q.id, text: `Player ${q.id}` })));
  sel.value = p.attached_to || "";
  return el("label", {}, "Attached to ", sel);
}
function refreshCard(id) {
  // A card's reading has arrived: that card is drawn again (the others that depend on it too).
  if (perm(id)) keepFocus(renderPlayers);
}

// ---- effects ---------------------------------------------------------------------------------------------
// With no source on the battlefield, an effect gets a neutral source name: one its text never uses (a name in
// the text would be read as the source itself, "~"). Goad's is "Goad", which the reader keeps as the verb.
const PRESETS = {
  goad: { source: "Goad", text: () => "Goad target creature.",
    about: "The target creature attacks each combat if able, and attacks a player other than the goading player (the effect's controller) if able (701.15b)." },
  provoke: { needs: true, text: (src) => `Target creature defending player controls blocks ${src} this combat if able.`,
    about: "Choose the attacking creature with provoke as the Source, and the creature it provoked as the target." },
  "must-be-blocked": { source: "Resolved spell", text: () => "Target creature must be blocked this turn if able.",
    about: "The target creature must be blocked this turn if able (509.1c)." },
  fog: { source: "Fog", text: () => "Prevent all combat damage that would be dealt this turn.",
    about: "All combat damage this turn is prevented (615)." },
  other: { source: "Resolved spell", text: null, about: "Any rules text of a resolved spell or ability that lasts this turn." },
};
let aboutSeq = 0;
function presetText() {
  const preset = PRESETS[$("effect-preset").value], src = perm($("effect-source").value);
  $("effect-about").textContent = preset.about;
  if (preset.text) $("effect-text").value = preset.text(src ? src.name : "the source");
  // Before it is added, what the checker makes of the preset's text: read, or not understood (and so UNDECIDED).
  const mine = ++aboutSeq, text = $("effect-text").value.trim();
  if (!preset.text || !text) return;
  readText(src ? src.name : preset.source, text).then((r) => {
    if (mine !== aboutSeq || !r) return;
    const unread = (r.sentences || []).filter((x) => x.status === "not understood");
    const said = (r.sentences || []).flatMap((x) => x.described || []);
    $("effect-about").textContent = `${preset.about} ${unread.length
      ? "The checker does not understand this text yet: with it the ruling is UNDECIDED, and says what it would be if the text changed nothing."
      : said.length ? `The checker reads it as: ${said.join("; ")}.` : ""}`.trim();
  });
}
async function addEffect(ev) {
  ev.preventDefault();
  const kind = $("effect-preset").value, preset = PRESETS[kind], src = perm($("effect-source").value);
  const text = $("effect-text").value.trim();
  const targets = [...$("effect-targets").querySelectorAll("input:checked")].map((i) => i.value);
  const problem = !text ? "Give the effect's text." : preset.needs && !src ? "Provoke needs its source: choose the attacking creature with provoke as the Source."
    : !$("effect-controller").value ? "Choose the effect's controller." : null;
  $("effect-error").textContent = problem || "";
  if (problem) return;
  const e = { source: src ? src.name : preset.source, controller: $("effect-controller").value, text, targets };
  if (src) e.source_id = src.id;
  await readText(e.source, text, true);
  board.effects = [...(board.effects || []), e];
  changed({ what: `add the effect ${e.source}` });
}
function removeEffect(i) {
  const e = board.effects[i];
  board.effects.splice(i, 1);
  focusAfter = board.effects.length ? `effect-remove-${Math.min(i, board.effects.length - 1)}` : "#effect-preset";
  changed({ what: `remove the effect ${e.source}` });
}
function renderEffects() {
  const list = board.effects || [];
  $("effects").replaceChildren(...(list.length ? [el("h3", { text: "Effects this turn" }), el("ul", {}, ...list.map((e, i) => {
    const reading = info.get(textKey(e.source, e.text || ""));
    const unread = (reading?.sentences || []).filter((r) => r.status === "not understood");
    const said = (reading?.sentences || []).flatMap((r) => r.described || []);
    return el("li", {}, `${e.source} (Player ${e.controller}): “${e.text || "(given as abilities)"}”${e.targets && e.targets.length ? " → " + e.targets.map(label).join(", ") : ""} `,
      unread.length ? el("strong", { class: "error", text: `not understood${unread[0].note ? ": " + unread[0].note : ""} ` })
        : said.length ? el("span", { class: "hint", text: `read as: ${said.join("; ")} ` }) : null,
      el("button", { type: "button", key: `effect-remove-${i}`, onclick: () => removeEffect(i), text: "Remove",
        "aria-label": `Remove the effect of ${e.source}` }));
  }))] : []));
}

// ---- the declaration and damage -------------------------------------------------------------------------
function renderDeclaration() {
  const s = step();
  const hints = {
    attack: selected ? `${label(selected)} picked: now pick the player, planeswalker or battle it attacks (or pick it again to cancel).`
      : `Pick an attacking creature of the active player (Player ${board.active_player}), then what it attacks.`,
    block: selected ? `${label(selected)} picked: now pick the attacker it blocks (or pick it again to cancel).`
      : "Pick a blocking creature, then the attacker it blocks (pick the pair again to take it back).",
    damage: "Divide each creature's combat damage below, or leave the default.",
  };
  $("hint").textContent = hints[s];
  $("hint").classList.remove("said");
  const items = [];
  (board.attacks || []).forEach((a, i) => items.push(el("li", {}, `${label(a.attacker)} attacks ${label(a.target)}`,
    s === "attack" ? el("button", { type: "button", key: `undeclare-attacks-${i}`, onclick: () => undeclare("attacks", i), text: "Remove",
      "aria-label": `Remove the attack of ${label(a.attacker)}` }) : null)));
  (board.blocks || []).forEach((b, i) => items.push(el("li", {}, `${label(b.blocker)} blocks ${label(b.attacker)}`,
    s === "block" ? el("button", { type: "button", key: `undeclare-blocks-${i}`, onclick: () => undeclare("blocks", i), text: "Remove",
      "aria-label": `Remove the block of ${label(b.blocker)}` }) : null)));
  if (!(board.attacks || []).length) items.unshift(el("li", { text: "No attackers declared." }));
  if (s !== "attack" && !(board.blocks || []).length) items.push(el("li", { text: "No blockers declared." }));
  $("declaration").replaceChildren(...items);
  $("aside").replaceChildren(...(aside ? [el("p", { class: "aside" },
    `Set aside while you change an earlier step: ${Object.entries(aside).map(([k, v]) => plural(v.length, k === "blocks" ? "block" : "damage entry")).join(" and ")}`
    + " (they come back when you choose that step again). ",
    el("button", { type: "button", key: "discard-aside", onclick: discardAside, text: "Discard them" }))] : []));
  $("damage-form").replaceChildren(...(s === "damage" ? damageForm() : []));
}
function damageSources() {
  const sources = [];
  for (const a of board.attacks || []) {
    const blockers = (board.blocks || []).filter((b) => b.attacker === a.attacker).map((b) => b.blocker);
    sources.push([a.attacker, [...blockers, a.target]]);
  }
  for (const b of [...new Set((board.blocks || []).map((x) => x.blocker))]) {
    sources.push([b, board.blocks.filter((x) => x.blocker === b).map((x) => x.attacker)]);
  }
  return sources;
}
function damageForm() {
  return damageSources().map(([src, targets]) => {
    const entry = board.damage.find((d) => d.source === src && (d.step || "regular") === "regular");
    const useDefault = el("input", { type: "checkbox", checked: !entry, key: `dmg-default-${src}`, onchange: (e) => {
      board.damage = board.damage.filter((d) => d.source !== src);
      if (!e.target.checked) board.damage.push({ source: src, to: [] });
      changed({ what: `damage of ${label(src)}` });
    } });
    return el("fieldset", { class: "damage-src" }, el("legend", { text: `${label(src)} deals damage` }),
      el("label", {}, useDefault, " use the default"),
      ...(entry ? targets.map((t) => {
        const part = entry.to.find((x) => x.target === t);
        return el("label", { class: "share" }, `to ${label(t)}: `, num(part ? part.amount : 0, (v) => {
          entry.to = entry.to.filter((x) => x.target !== t);
          if (v) entry.to.push({ target: t, amount: v });
        }, { min: 0, "aria-label": `Damage from ${label(src)} to ${label(t)}`, key: `dmg-${src}-${t}` }));
      }) : []));
  });
}

// ---- the ruling: exactly the API's verdict ---------------------------------------------------------------
function query() {
  const q = new URLSearchParams();
  for (const k of ["rules", "conditional", "paid_costs"]) if ($(k).value) q.set(k, $(k).value);
  return q.toString() ? "?" + q : "";
}
let ruleTimer = null;
function rule(started, delay) {
  clearTimeout(ruleTimer);
  const mine = ++seq;
  if (inflight) { inflight.abort(); inflight = null; }
  if (delay) ruleTimer = setTimeout(() => askRuling(mine, started), delay);
  else askRuling(mine, started);
}
async function askRuling(mine, started) {
  if (board.players.length < 2) {
    showVerdict(null, "Add two players to begin.");
    $("ruling-body").replaceChildren();
    return done(mine, started);
  }
  const control = new AbortController();
  inflight = control;
  const url = (step() === "damage" ? "/api/damage" : "/api/check") + query();
  const asked = performance.now();
  let r, body;
  try {
    r = await fetch(url, { method: "POST", body: JSON.stringify(board), signal: control.signal,
      headers: { "Content-Type": "application/json" } });
    body = await r.json();
  } catch (e) {
    if (e.name === "AbortError" || mine !== seq) return;
    showVerdict(null, `The server did not answer (${e.message}): the ruling is not known.`);
    $("ruling-body").replaceChildren();
    return done(mine, started);
  }
  if (mine !== seq) return;
  inflight = null;
  window.__legality.request = performance.now() - asked;  // the request alone: the rest is the page's own work
  window.__legality.judge = Number((r.headers.get("Server-Timing") || "").split("dur=")[1]) || null;
  if (r.ok) showRuling(body); else showProblems(body, r.status);
  done(mine, started);
}
function done(mine, started) {
  if (mine !== seq) return;
  timings.push(performance.now() - started);
  window.__legality.seq = mine;
  document.body.dataset.seq = String(mine);
}
const WORDS = { true: "LEGAL", false: "ILLEGAL" };
const word = (legal) => WORDS[legal] || "UNDECIDED";
function showVerdict(legal, sub, undecided = false, reason = null) {
  const v = $("verdict");
  const w = undecided ? "UNDECIDED" : legal === true ? "LEGAL" : legal === false ? "ILLEGAL" : "—";
  v.className = "verdict " + (w === "—" ? "" : w.toLowerCase());
  v.replaceChildren(...[el("span", { class: "word", text: w }), reason && el("span", { class: "reason", text: reason }),
    sub && el("small", { text: sub })].filter(Boolean));
  const bar = $("status-bar");
  bar.className = w === "—" ? "" : w.toLowerCase();
  bar.textContent = w === "—" ? (sub || "—") : `${w} — see the ruling`;
}
function showProblems(body, status) {
  named = new Map(); lastVerdict = null;
  const busy = status === 503 || status === 408;
  showVerdict(null, busy ? "The server could not judge it now: the ruling is not known." : "The board can't be judged yet:");
  withFocus(() => $("ruling-body").replaceChildren(el("p", { class: "error", text: body.error || `error ${status}` }),
    el("ul", {}, ...(body.problems || []).map((p) => el("li", { title: p.path }, `${where(p.path)}: ${p.message}`)))));
  highlight();
}
const WHERE = { permanents: (x) => label(x.id), players: (x) => `Player ${x.id}`, attacks: (x) => `the attack of ${label(x.attacker)}`,
  blocks: (x) => `the block of ${label(x.blocker)}`, effects: (x) => `the effect of ${x.source}` };
function where(path) {
  // A problem's JSON path in the words of the page: the card, player or declaration it is about, and its field.
  const m = /^\$\.(permanents|players|attacks|blocks|effects)\[(\d+)\](?:\.(.+))?$/.exec(path || "");
  const item = m && (board[m[1]] || [])[Number(m[2])];
  if (!item) return path === "$" ? "The board" : path;
  return WHERE[m[1]](item) + (m[3] ? `, its ${m[3].replace(/_/g, " ")}` : "");
}
function showRuling(v) {
  lastVerdict = v;
  const undecided = v.undecided || v.legal === null;
  const byText = undecided && v.undecided_reason === "text not understood";
  const what = { attack: "declaration of attackers", block: "declaration of blockers", damage: "combat damage" }[v.kind] || v.kind;
  // The two switches are named only when they are not the defaults (in-force, paid-set).
  const o = v.rules_options || {};
  const opts = [o.conditional !== undefined && o.conditional !== "in-force" && `conditional ${o.conditional}`,
    o.paid_costs !== undefined && o.paid_costs !== "paid-set" && `paid costs ${o.paid_costs}`].filter(Boolean).map((x) => ` · ${x}`).join("");
  const reason = !undecided ? null : byText ? `${plural((v.not_understood || []).length, "sentence")} of rules text not understood`
    : `not settled: ${v.undecided_reason || "time limit"}`;
  showVerdict(v.legal, `${what} · rules ${v.rules}${opts}`, undecided, reason);
  // Undecided by unread text, the figures judged as if that text changed nothing are shown apart, never as
  // the ruling: from ignoring_unread, or (an older server) from the verdict's own fields.
  const apart = byText ? (v.ignoring_unread || { ...v, legal: v.if_ignored }) : null;
  named = apart ? new Map() : namedBy(v);
  const out = [];
  if ((v.not_understood || []).length) out.push(unreadBlock(v, byText));
  if (apart) out.push(ignoringBlock(apart, v.kind, what));
  else out.push(...findings(v, v.kind, true));
  if (!apart && (v.notes || []).length) out.push(el("h3", { text: "Notes" }), el("ul", {}, ...v.notes.map((n) => el("li", { text: n }))));
  withFocus(() => $("ruling-body").replaceChildren(...out));
  highlight();
}
function withFocus(draw) {
  // The ruling is drawn again: a control of it that had the focus gets it back, else the ruling itself.
  const a = document.activeElement, inside = a && $("ruling-body").contains(a), key = a?.dataset?.key;
  draw();
  if (!inside || a.isConnected) return;
  (byKey(key) || $("ruling")).focus();
}
function unreadBlock(v, byText) {
  return el("div", { class: "violation" }, el("strong", { text: byText
    ? "Rules text not understood — the checker can't rule on it:" : "Rules text not understood:" }),
    el("ul", {}, ...v.not_understood.map((t) => el("li", { text: t }))));
}
function ignoringBlock(apart, kind, what) {
  return el("section", { class: "ignoring", id: "ignoring-unread", "aria-labelledby": "ignoring-h" },
    el("h3", { id: "ignoring-h", text: `Ignoring the unread text: ${word(apart.legal)}` }),
    el("p", { class: "hint", text: `If the text not understood changes nothing, the checker finds the ${what} ${word(apart.legal)}. `
      + "This is not a ruling: a judge must read that text." }),
    ...findings(apart, kind, false),
    ...((apart.notes || []).length ? [el("h4", { text: "Notes" }), el("ul", {}, ...apart.notes.map((n) => el("li", { text: n })))] : []));
}
function namedBy(v) {
  const out = new Map();
  const add = (id, what) => { if (!out.has(id)) out.set(id, []); if (!out.get(id).includes(what)) out.get(id).push(what); };
  const violations = [...(v.violations || []), ...(v.steps || []).flatMap((s) => s.violations || [])];
  for (const x of violations) for (const id of x.permanents || []) add(id, `breaks ${x.rule}`);
  for (const m of (v.requirements && v.requirements.missed) || []) if (m.creature) add(m.creature, `misses a requirement (${m.rule})`);
  return out;
}
function findings(v, kind, ruling) {
  // Violations, requirements, a better declaration, other editions, damage results. `ruling`: these are
  // the verdict's own (a legal declaration can be applied); else they are what ignoring unread text finds.
  const out = [], h = ruling ? "h3" : "h4";
  const violations = [...(v.violations || []), ...(v.steps || []).flatMap((s) => s.violations || [])];
  if (violations.length) {
    out.push(el(h, { text: "Violations" }), ...violations.map((x) => el("div", { class: "violation" },
      el("span", { class: "rule", text: x.rule }), " ", x.message)));
  }
  out.push(...requirementsBlock(v.requirements, h));
  if (Array.isArray(v.better) && v.legal === false) out.push(...betterBlock(v.better, kind, ruling));
  const alts = Object.entries(v.alternatives || {});
  if (alts.length) out.push(el(h, { text: "Other editions and settings" }), el("ul", {}, ...alts.map(([k, x]) =>
    el("li", { text: `${k.replace("=", " ")}: ${x === true ? "LEGAL" : x === false ? "ILLEGAL" : "not settled"}` }))));
  if (v.players && Object.keys(v.players).length) out.push(...damageBlock(v, h));
  return out;
}
function requirementsBlock(req, h) {
  if (!req || req.total === null || req.total === undefined || (!req.total && !(req.missed || []).length)) return [];
  const max = req.maximum === null || req.maximum === undefined ? "not known (time ran out)"
    : `${req.maximum_proven === false ? "at least " : ""}${req.maximum}`;
  const out = [el(h, { text: "Requirements" }), el("p", { class: "requirements",
    text: `obeys ${req.obeyed ?? "?"}, maximum ${max}${req.compared_with ? ` (${req.compared_with})` : ""}, of ${req.total} in all` })];
  if ((req.missed || []).length) out.push(el("ul", {}, ...req.missed.map((m) =>
    el("li", {}, el("span", { class: "rule", text: m.rule }), ` missed: ${m.text}`))));
  return out;
}
function betterBlock(better, kind, ruling) {
  const said = better.length ? better.map((d) => d.blocker ? `${label(d.blocker)} blocks ${label(d.attacker)}`
    : `${label(d.attacker)} attacks ${label(d.target)}`).join("; ") : "no " + (kind === "block" ? "blockers" : "attackers");
  const head = ruling ? el("button", { type: "button", id: "show-legal", key: "show-legal", onclick: applyBetter, text: "Show a legal declaration" })
    : el("h4", { text: "A declaration that would be legal" });
  return [head, el("p", { class: "hint", text: `${ruling ? "Legal instead" : "It would be"}: ${said}` })];
}
function damageBlock(v, h) {
  const out = [el(h, { text: "After combat damage" }), el("table", {},
    el("tr", {}, ...["player", "life", "poison", "commander damage", "loses"].map((t) => el("th", { text: t }))),
    ...Object.entries(v.players).map(([id, p]) => el("tr", {}, el("td", { text: id }), el("td", { text: p.life }),
      el("td", { text: p.poison }), el("td", { text: Object.entries(p.commander_damage || {}).map(([c, n]) => `${label(c)}: ${n}`).join(", ") }),
      el("td", { text: p.loses ? `loses (${p.loses_by})` : "—" })))),
    el("p", { text: `Destroyed: ${(v.destroyed || []).map(label).join(", ") || "none"}` })];
  for (const s of v.steps || []) for (const a of s.assignments || []) {
    const parts = (a.to || []).map((t) => `${t.amount} to ${label(t.target)}`).join(", ") || "no damage";
    out.push(el("p", { class: "hint", text: `${s.step === "first" ? "first strike" : "regular"}: ${label(a.source)} deals ${parts}${a.how && a.how !== "given" ? ` (${a.how})` : ""}` }));
  }
  // Prevention and replacement (615, 614): what each effect did to each damage dealt.
  for (const s of v.steps || []) for (const d of s.dealt || []) {
    if ((d.modified_by || []).length) out.push(el("p", { class: "hint modified",
      text: `${label(d.source)} to ${label(d.target)}: ${d.modified_by.join("; ")}: ${d.amount} dealt, ${d.prevented} prevented` }));
  }
  // The affected players' choices (616.1, 615.7): every distinct result, the first being the one above.
  if ((v.outcomes || []).length > 1) {
    out.push(el(h === "h3" ? "h4" : "h5", { text: `${v.outcomes.length} results, by the affected players' choices (616.1, 615.7)` }),
      el("ol", { class: "outcomes" }, ...v.outcomes.map((o) => el("li", {},
        `${Object.entries(o.players).map(([id, p]) => `${id} life ${p.life}${p.loses ? " (loses)" : ""}`).join(", ")}; `
        + `destroyed: ${(o.destroyed || []).map(label).join(", ") || "none"}`,
        el("ul", {}, ...(o.choices || []).map((c) => el("li", { text: c })))))));
  }
  return out;
}
function highlight() {
  // What the ruling names, in words (the card's and the player's names) and not by colour alone; drawn in
  // place, so the focus stays where it is.
  for (const c of document.querySelectorAll(".card")) {
    const p = perm(c.dataset.id);
    if (!p) continue;
    c.classList.toggle("flagged", named.has(p.id));
    c.querySelector(".ruled").textContent = (named.get(p.id) || []).join("; ");
    c.querySelector(".pick").setAttribute("aria-label", cardName(p));
  }
  for (const pl of board.players) {
    const s = $("player-" + pl.id);
    if (!s) continue;
    s.classList.toggle("flagged", named.has(pl.id));
    s.querySelector(".player-head .ruled").textContent = (named.get(pl.id) || []).join("; ");
    s.setAttribute("aria-label", `Player ${pl.id}${named.has(pl.id) ? ", " + named.get(pl.id).join("; ") : ""}`);
  }
}
function applyBetter() {
  if (!lastVerdict || !Array.isArray(lastVerdict.better)) return;
  if (lastVerdict.kind === "block") board.blocks = lastVerdict.better.map((d) => ({ ...d }));
  else board.attacks = lastVerdict.better.map((d) => ({ ...d }));
  selected = null;
  focusAfter = "#ruling";
  changed({ what: "show a legal declaration" });
}

// ---- messages ----------------------------------------------------------------------------------------------
function notice(text, ...more) {
  $("alert").replaceChildren();
  $("notice").replaceChildren(text, ...more);
}
function alarm(text) {
  $("notice").replaceChildren();
  $("alert").replaceChildren(text);
}
function clearNotices() { $("notice").replaceChildren(); $("alert").replaceChildren(); }

// ---- round trip: file, address, fixtures ------------------------------------------------------------------
function notABoard(data) {
  // Why ``data`` is not a board file (said to the judge), or null. The server checks the rest.
  const kind = Array.isArray(data) ? "a list" : data === null ? "null" : typeof data;
  if (kind !== "object") return `it is ${kind === "a list" ? "a JSON list" : "JSON " + kind}, not a board object`;
  if (data.version !== 1) return "it has no \"version\": 1";
  if (!Array.isArray(data.players) || !data.players.every((p) => p && typeof p.id === "string")) return "it has no \"players\" list (each with an \"id\")";
  if (typeof data.active_player !== "string") return "it has no \"active_player\"";
  if (data.permanents !== undefined && !(Array.isArray(data.permanents)
    && data.permanents.every((p) => p && typeof p.id === "string" && typeof p.name === "string" && typeof p.controller === "string"))) {
    return "its \"permanents\" are not a list of permanents (each with an \"id\", a \"name\" and a \"controller\")";
  }
  for (const k of ["effects", "attacks", "blocks", "damage"]) {
    if (data[k] !== undefined && data[k] !== null && !Array.isArray(data[k])) return `its "${k}" is not a list`;
  }
  return null;
}
function loadBoard(data, origin, opts = {}) {
  const why = notABoard(data);
  if (why) { alarm(`${cap(origin)} is not a board: ${why}. The board on screen is unchanged.`); return false; }
  board = { ...data, permanents: data.permanents || [], effects: data.effects || [] };
  if (board.attacks == null) board.attacks = [];
  aside = opts.aside || null;
  selected = null;
  const meta = board.meta;
  $("question").hidden = !meta || !(meta.question || meta.source);
  $("question").textContent = meta ? `${meta.question || ""}${meta.source ? " — " + meta.source : ""}` : "";
  changed({ what: `open ${origin}`, save: opts.save });
  if (opts.quiet !== true) notice(`Opened ${origin}.`);
  readAll();
  return true;
}
const b64 = (bytes) => { let s = ""; for (const b of bytes) s += String.fromCharCode(b); return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""); };
const unb64 = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}
const packs = "CompressionStream" in window;
async function pack(value) {
  const json = new TextEncoder().encode(JSON.stringify(value));
  return packs ? "z" + b64(await pipe(json, new CompressionStream("deflate-raw"))) : "j" + b64(json);
}
async function unpack(kind, data) {
  const bytes = kind === "z" ? await pipe(unb64(data), new DecompressionStream("deflate-raw")) : unb64(data);
  return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
}
async function stateHash() {
  const b = await pack(board);
  const parts = [b[0] + "=" + b.slice(1)];
  if (aside) { const a = await pack(aside); parts.push(a[0] === "z" ? "az=" + a.slice(1) : "aj=" + a.slice(1)); }
  return parts.join("&");
}
async function saveHash() {
  const mine = ++hashSeq;
  const h = await stateHash();
  if (mine !== hashSeq) return;
  lastHash = h;
  history.replaceState(history.state, "", "#" + h);
}
const isBoardLink = (h) => /^[zj]=/.test(h);
async function readLink(h) {
  // The board and what was set aside in a link; an Error saying why when it can't be read.
  const params = new Map(h.split("&").map((x) => { const i = x.indexOf("="); return [x.slice(0, i), x.slice(i + 1)]; }));
  let data;
  try {
    data = await unpack(params.has("z") ? "z" : "j", params.get("z") ?? params.get("j"));
  } catch (e) {
    throw new Error("its board is damaged or cut short (was the whole link copied?)");
  }
  let kept = null;
  try { if (params.has("az") || params.has("aj")) kept = await unpack(params.has("az") ? "z" : "j", params.get("az") ?? params.get("aj")); } catch (e) { kept = null; }
  return { data, aside: kept && typeof kept === "object" && !Array.isArray(kept) ? kept : null };
}
async function fromLink(h, opts) {
  try {
    const { data, aside: kept } = await readLink(h);
    return loadBoard(data, "the link", { ...opts, aside: kept });
  } catch (e) {
    alarm(`The link's board could not be read: ${e.message}. ${opts.first ? "A new board is shown instead; the link stays in the address bar." : "The board on screen is unchanged."}`);
    return false;
  }
}
async function onHashChange() {
  const h = location.hash.slice(1);
  if (h === lastHash) return;
  if (isBoardLink(h)) {
    if (!(await fromLink(h, { quiet: false }))) history.replaceState(history.state, "", "#" + lastHash);
    return;
  }
  // An in-page link (#ruling...) never replaces the board: the address keeps it, the target gets the focus.
  history.replaceState(history.state, "", "#" + lastHash);
  const target = h && $(decodeURIComponent(h));
  if (target) goTo(target);
}
function goTo(target) {
  target.scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
}
function download() {
  const a = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(board, null, 2)], { type: "application/json" })),
    download: (board.id || "board") + ".json" });
  document.body.append(a); a.click(); a.remove();
}
async function upload(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  ev.target.value = "";
  let data;
  try { data = JSON.parse(await file.text()); } catch (e) {
    alarm(`“${file.name}” is not a board file: it is not JSON (${e.message}). The board on screen is unchanged.`);
    return;
  }
  loadBoard(data, `“${file.name}”`);
}
async function fixtures() {
  const r = await fetch("/api/fixtures").catch(() => null);
  if (!r || !r.ok) return;
  const groups = {};
  for (const f of await r.json()) (groups[f.path.split("/").slice(0, -1).join("/")] ||= []).push(f);
  $("fixture").append(...Object.entries(groups).map(([g, list]) => el("optgroup", { label: g },
    ...list.map((f) => el("option", { value: f.path, text: f.path.split("/").pop().replace(/\.json$/, ""), title: f.question })))));
}
async function openFixture() {
  const path = $("fixture").value;
  if (!path) return;
  const r = await fetch("/api/fixtures/" + path.split("/").map(encodeURIComponent).join("/")).catch(() => null);
  $("fixture").value = "";
  if (!r || !r.ok) { alarm(`The fixture ${path} could not be opened. The board on screen is unchanged.`); return; }
  loadBoard(await r.json(), `the fixture ${path}`);
}
function newBoard() {
  board = startBoard(); aside = null; selected = null;
  $("question").hidden = true;
  changed({ what: "start a new board" });
  notice("A new board: players A and B. Undo brings the last one back.");
}
async function copyLink() {
  await saveHash();
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    notice("Link copied: it holds the whole board.");
  } catch (e) {
    const box = el("input", { readonly: true, value: url, "aria-label": "Link to this board", class: "share-url" });
    notice("Copy this link (the browser did not let the page copy it): ", box);
    box.focus(); box.select();
  }
}

// ---- card names: autocomplete over the library, misspellings too ------------------------------------------
let namesTimer = null, namesSeq = 0;
function suggestNames() {
  clearTimeout(namesTimer);
  const typed = $("perm-name").value.trim();
  if (!typed) { closeNames(); return; }
  namesTimer = setTimeout(async () => {
    const mine = ++namesSeq;
    const r = await fetch("/api/cards?prefix=" + encodeURIComponent(typed)).catch(() => null);
    if (!r || !r.ok || mine !== namesSeq || document.activeElement !== $("perm-name")) return;
    showNames((await r.json()).slice(0, 8));
  }, 120);
}
function showNames(names) {
  // The name highlighted with the arrow keys stays highlighted when the list comes again with it.
  const list = $("name-list"), input = $("perm-name");
  const was = list.querySelector("[aria-selected=true]")?.textContent;
  list.replaceChildren(...names.map((n, i) => el("li", { role: "option", id: "name-" + i, "aria-selected": n === was ? "true" : "false",
    text: n, onmousedown: (e) => { e.preventDefault(); chooseName(n); } })));
  list.hidden = !names.length;
  input.setAttribute("aria-expanded", names.length ? "true" : "false");
  const at = names.indexOf(was);
  if (at >= 0) input.setAttribute("aria-activedescendant", "name-" + at); else input.removeAttribute("aria-activedescendant");
}
function closeNames() {
  namesSeq++;  // a list still on its way is not shown
  clearTimeout(namesTimer);
  $("name-list").hidden = true;
  $("perm-name").setAttribute("aria-expanded", "false");
  $("perm-name").removeAttribute("aria-activedescendant");
}
function chooseName(n) { $("perm-name").value = n; closeNames(); $("perm-name").focus(); }
function nameKeys(e) {
  const list = $("name-list"), items = [...list.children], input = $("perm-name");
  if (list.hidden || !items.length) return;
  const at = items.findIndex((li) => li.getAttribute("aria-selected") === "true");
  if (e.key === "ArrowDown" || e.key === "ArrowUp") {
    e.preventDefault();
    const next = (at + (e.key === "ArrowDown" ? 1 : items.length - 1) + (at < 0 && e.key === "ArrowUp" ? 1 : 0)) % items.length;
    items.forEach((li, i) => li.setAttribute("aria-selected", i === next ? "true" : "false"));
    input.setAttribute("aria-activedescendant", items[next].id);
  } else if (e.key === "Enter" && at >= 0) {
    e.preventDefault(); chooseName(items[at].textContent);
  } else if (e.key === "Escape") {
    e.preventDefault(); e.stopPropagation(); closeNames();
  }
}

// ---- wiring -------------------------------------------------------------------------------------------------
function keys(e) {
  const typing = e.target.matches("input:not([type=checkbox]):not([type=radio]), textarea, select");
  if (e.key === "Escape" && selected) { selected = null; render(); say("Cancelled: nothing picked."); return; }
  if (typing || !(e.ctrlKey || e.metaKey)) return;
  const k = e.key.toLowerCase();
  if (k === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
  else if (k === "y" || (k === "z" && e.shiftKey)) { e.preventDefault(); redo(); }
}
function settingsNow() {
  const r = $("rules").value;
  $("settings-now").textContent = r ? `rules ${r}` : "as the board says";
}
function wire() {
  $("add-player").onclick = addPlayer;
  $("remove-player").onclick = removePlayer;
  $("active").onchange = (e) => { board.active_player = e.target.value; selected = null; prune(); changed({ what: `make Player ${e.target.value} active` }); };
  $("add-card").onsubmit = addCard;
  $("add-custom").onsubmit = addCustom;
  $("custom-type").onchange = customType;
  $("add-effect").onsubmit = addEffect;
  $("effect-preset").onchange = presetText;
  $("effect-source").onchange = presetText;
  $("perm-name").oninput = suggestNames;
  $("perm-name").onkeydown = nameKeys;
  $("perm-name").onblur = () => setTimeout(closeNames, 150);
  for (const r of document.querySelectorAll("input[name=step]")) r.onchange = () => setStep(r.value);
  for (const k of ["rules", "conditional", "paid_costs"]) $(k).onchange = () => { settingsNow(); changed({ what: "change the settings" }); };
  $("new-board").onclick = newBoard;
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("download").onclick = download;
  $("upload").onchange = upload;
  $("copy-link").onclick = copyLink;
  $("fixture").onchange = openFixture;
  $("skip").onclick = (e) => { e.preventDefault(); goTo($("ruling")); };
  $("status-bar").onclick = () => goTo($("ruling"));
  window.addEventListener("hashchange", onHashChange);
  document.addEventListener("keydown", keys);
}
document.addEventListener("DOMContentLoaded", async () => {
  wire();
  presetText();
  customType();
  const h = location.hash.slice(1);
  let opened = false;
  if (isBoardLink(h)) opened = await fromLink(h, { quiet: true, first: true });
  if (!opened) {
    changed({ what: "open the page", save: !isBoardLink(h), keepNotices: true });
    if (!isBoardLink(h) && h) { const target = $(decodeURIComponent(h)); if (target) goTo(target); }
  }
  fixtures();
  window.__legality.ready = true;
  document.body.dataset.ready = "1";
});
