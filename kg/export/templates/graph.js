/* litkg graph page.
 *
 * Reads two JSON blocks written by kg/export/html.py: "kg-data" (all text, by
 * opaque node id) and "kg-vis" (pyvis's nodes, edges and options). Graph text
 * reaches the DOM only through textContent, element properties and DOM-element
 * tooltips, never through innerHTML.
 *
 * Exposed for tests and benchmarks: window.kgNetwork, window.kgVisibleCount(),
 * window.kgReady (and data-ready="true" on <html>) once the layout has settled.
 */
(function () {
  "use strict";

  const KG = JSON.parse(document.getElementById("kg-data").textContent);
  const VIS = JSON.parse(document.getElementById("kg-vis").textContent);
  const $ = (id) => document.getElementById(id);
  window.kgReady = false;

  // --- indexes ---------------------------------------------------------------
  const byId = new Map(KG.nodes.map((n) => [n.id, n]));
  const edgeById = new Map(KG.edges.map((e) => [e.id, e]));
  const outEdges = new Map();
  const inEdges = new Map();
  const neighbours = new Map();
  for (const e of KG.edges) {
    push(outEdges, e.from, e);
    push(inEdges, e.to, e);
    push(neighbours, e.from, e.to);
    push(neighbours, e.to, e.from);
  }
  const roleInfo = new Map(KG.roles.map((r) => [r.name, r]));
  const roleOrder = (role) => (roleInfo.has(role) ? KG.roles.indexOf(roleInfo.get(role)) : KG.roles.length);
  // entity → entity edges (broader, mitigates, …) next to the paper → entity roles
  const relationVerb = new Map((KG.relations || []).map((r) => [r.name, r.verb]));
  const isPaper = (n) => n.type === KG.paperType;
  const isRelation = (e) => !isPaper(byId.get(e.from));
  const edgeVerb = (e) => (isRelation(e)
    ? relationVerb.get(e.role) || e.role
    : (roleInfo.get(e.role) || { verb: e.role }).verb);
  const styleOf = (type) => KG.styles[type];

  function push(map, key, value) {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(value);
  }

  // Element with optional class and text (text always via textContent), its
  // direction taken from the text (a Hebrew title ends with its "?" on the left).
  function h(tag, className, text) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined && text !== null) {
      el.textContent = String(text);
      el.dir = "auto";
    }
    return el;
  }

  function swatch(type) {
    const s = h("span", "swatch shape-" + styleOf(type).shape);
    s.style.background = styleOf(type).color;
    return s;
  }

  // --- filters and the visible set -----------------------------------------
  const state = {
    hiddenTypes: new Set(),
    minPapers: KG.defaultMinPapers,
    theme: "",
    pinned: new Set(), // shown whatever the filters (found by search or followed from the panel)
    visible: new Set(),
  };

  function passesTypeAndTheme(n) {
    return !state.hiddenTypes.has(n.type) && (!state.theme || n.themes.includes(state.theme));
  }

  // Entities need minPapers papers; with minPapers >= 2 a paper is shown only
  // if one of its entities is (the "core" view of large graphs).
  function computeVisible() {
    const shown = new Set();
    for (const n of KG.nodes) {
      if (!isPaper(n) && passesTypeAndTheme(n) && n.nPapers >= state.minPapers) shown.add(n.id);
    }
    for (const n of KG.nodes) {
      if (!isPaper(n) || !passesTypeAndTheme(n)) continue;
      if (state.minPapers <= 1 || (neighbours.get(n.id) || []).some((id) => shown.has(id))) shown.add(n.id);
    }
    for (const id of state.pinned) shown.add(id);
    state.visible = shown;
  }

  // Starting positions for big views, where vis's improvedLayout is off and it
  // would put every node on one circle that a bounded stabilization cannot
  // untangle: papers spread over a disk, each entity at the centre of its
  // papers. Seeded, so the same graph always gets the same layout.
  function seedPositions(ids) {
    let seed = 7;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const radius = 45 * Math.sqrt(ids.size);
    const inDisk = () => {
      const r = radius * Math.sqrt(random());
      const a = 2 * Math.PI * random();
      return { x: r * Math.cos(a), y: r * Math.sin(a) };
    };
    const pos = new Map();
    for (const id of ids) if (isPaper(byId.get(id))) pos.set(id, inDisk());
    for (const id of ids) {
      if (pos.has(id)) continue;
      const placed = (neighbours.get(id) || []).filter((nb) => pos.has(nb) && isPaper(byId.get(nb)));
      if (!placed.length) {
        pos.set(id, inDisk());
        continue;
      }
      const c = placed.reduce((acc, nb) => ({ x: acc.x + pos.get(nb).x, y: acc.y + pos.get(nb).y }), { x: 0, y: 0 });
      pos.set(id, { x: c.x / placed.length + 40 * (random() - 0.5), y: c.y / placed.length + 40 * (random() - 0.5) });
    }
    return pos;
  }

  // --- vis data: labels and DOM tooltips added to pyvis's styling ------------
  const SHORT = 40;
  const shorten = (s) => {  // by code point: an emoji is not cut in half
    const chars = Array.from(s);
    return chars.length > SHORT ? chars.slice(0, SHORT - 1).join("") + "…" : s;
  };
  const baseColor = new Map(VIS.nodes.map((v) => [v.id, v.color]));
  const DIM_NODE = { background: "#e8ebef", border: "#d5dae0" };
  const DIM_FONT = "#c3c9d1";
  const FONT = VIS.options.nodes.font.color;
  const FONT_SIZE = VIS.options.nodes.font.size;
  const EDGE_DIM = "#eef0f3";

  function nodeTooltip(n) {
    const tip = h("div", "tip");
    const meta = isPaper(n)
      ? `${n.degree} linked concept${n.degree === 1 ? "" : "s"}`
      : `in ${n.nPapers} paper${n.nPapers === 1 ? "" : "s"}`;
    tip.append(h("strong", null, n.label), h("div", "tip-meta", n.type), h("div", "tip-meta", meta));
    return tip;
  }

  function edgeTooltip(e) {
    const tip = h("div", "tip");
    tip.append(h("strong", null, `${byId.get(e.from).label} ${edgeVerb(e)} ${byId.get(e.to).label}`));
    if (e.sentences.length) tip.append(h("div", "tip-meta", e.sentences[0]));
    return tip;
  }

  computeVisible();
  const seeded = VIS.options.layout.improvedLayout ? new Map() : seedPositions(state.visible);
  const nodes = new vis.DataSet(
    VIS.nodes.map((v) => Object.assign({}, v, seeded.get(v.id), {
      label: shorten(byId.get(v.id).label),
      title: nodeTooltip(byId.get(v.id)),
    }))
  );
  const edges = new vis.DataSet(
    VIS.edges.map((v) => Object.assign({}, v, { title: edgeTooltip(edgeById.get(v.id)) }))
  );
  const nodeView = new vis.DataView(nodes, { filter: (n) => state.visible.has(n.id) });
  const edgeView = new vis.DataView(edges, { filter: (e) => state.visible.has(e.from) && state.visible.has(e.to) });
  const network = new vis.Network($("graph"), { nodes: nodeView, edges: edgeView }, VIS.options);
  // the canvas's own focusable element is what a screen reader announces when Tab reaches the graph
  const canvasFocus = $("graph").querySelector("[tabindex]");
  if (canvasFocus) {
    canvasFocus.setAttribute("role", "application");
    canvasFocus.setAttribute("aria-label", $("graph").getAttribute("aria-label"));
  }
  window.kgNetwork = network;
  window.kgVisibleCount = () => nodeView.length;

  // Nodes left the view keep their last position; nodes never drawn start
  // next to a drawn neighbour (physics is off once the layout has settled).
  const lastPosition = new Map();
  const children = new Map(); // node → how many never-drawn nodes were set around it (see placeNeverDrawn)

  function applyFilters() {
    const before = state.visible;
    const drawn = network.getPositions();
    for (const id in drawn) lastPosition.set(id, drawn[id]);
    computeVisible();
    const fresh = [...state.visible].filter((id) => !before.has(id));
    placeNeverDrawn(fresh.filter((id) => !lastPosition.has(id)));
    nodes.update(fresh.map((id) => ({ id, ...lastPosition.get(id) })));
    nodeView.refresh();
    edgeView.refresh();
    renderStats();
    if (panel.dataset.node && !state.visible.has(panel.dataset.node)) closePanel();  // its node is hidden again
  }

  // Positions for nodes never drawn: around a placed neighbour, breadth first (so that chains of new nodes
  // follow), the rest of them around the centre, outside the nodes drawn.
  function placeNeverDrawn(ids) {
    const pending = new Set(ids);
    const placedNeighbour = (id) => (neighbours.get(id) || []).find((nb) => lastPosition.has(nb));
    const queue = ids.filter(placedNeighbour);
    for (let next = 0; next < queue.length; next++) {
      const id = queue[next];
      if (!pending.delete(id)) continue;
      const anchor = placedNeighbour(id);
      const k = (children.get(anchor) || 0) + 1;
      children.set(anchor, k);
      lastPosition.set(id, aroundAnchor(lastPosition.get(anchor), k));
      for (const nb of neighbours.get(id) || []) if (pending.has(nb)) queue.push(nb);
    }
    let reach = 0;
    for (const p of lastPosition.values()) reach = Math.max(reach, Math.hypot(p.x, p.y));
    const skip = reach ? Math.ceil(((reach + 30) / 14) ** 2) : 0; // the spiral's turns inside the drawing
    [...pending].forEach((id, k) => lastPosition.set(id, aroundAnchor({ x: 0, y: 0 }, skip + k + 1)));
  }

  // The k-th new node around an anchor, on a sunflower spiral: evenly spread however many there are.
  function aroundAnchor(q, k) {
    const angle = k * 2.39996; // the golden angle, in radians
    const radius = 30 + 14 * Math.sqrt(k);
    return { x: q.x + radius * Math.cos(angle), y: q.y + radius * Math.sin(angle) };
  }

  function renderStats() {
    const total = KG.nodes.length;
    let text = `Showing ${nodeView.length} of ${total} node${total === 1 ? "" : "s"}`;
    if (!window.kgReady) text += " · laying out…";
    $("stats").textContent = text;
    if (KG.large) $("show-all").checked = nodeView.length === total;
  }

  // --- controls ----------------------------------------------------------------
  function buildLegend() {
    const legend = $("legend");
    for (const t of KG.types) {
      const b = h("button", "legend-item");
      b.type = "button";
      b.dataset.type = t.name;
      b.setAttribute("aria-pressed", "true");
      b.append(swatch(t.name), h("span", "legend-name", t.name), h("span", "legend-count", t.count));
      b.addEventListener("click", () => {
        const hide = !state.hiddenTypes.has(t.name);
        if (hide) state.hiddenTypes.add(t.name);
        else state.hiddenTypes.delete(t.name);
        b.classList.toggle("off", hide);
        b.setAttribute("aria-pressed", String(!hide));
        filtersChanged();
      });
      legend.append(b);
    }
  }

  // A small view fitted at a small zoom (a theme's nodes keep their far-apart places in the whole graph's
  // layout) would draw its labels too small to read, or not at all: below the zoom that draws them LABEL_PX
  // high, its labels grow to stay that high on screen. Only where there is room for them: a view with less
  // than LABEL_ROOM px² per node of the canvas the panel leaves free keeps their size, or they would cover it.
  const LABEL_PX = 10;
  const LABEL_ROOM = 125 * 80;  // up to 100 nodes in a 1280 x 800 window
  let labelSize = FONT_SIZE;
  function sizeLabels(scale) {
    const free = clearOfPanel();
    const room = nodeView.length * LABEL_ROOM <= free.w * free.h;
    const size = room ? Math.max(FONT_SIZE, LABEL_PX / scale) : FONT_SIZE;
    if (Math.abs(size - labelSize) < 0.01 * size) return;
    labelSize = size;
    network.setOptions({ nodes: { font: { size } } });
  }

  function filtersChanged() {
    state.pinned.clear();
    applyFilters();
    if (!window.kgReady || !nodeView.length) return;
    fitClearOfControls(nodeView.getIds());  // the nodes left, readable
  }

  // The part of the canvas the side panel leaves free, in canvas pixels: left of the panel, or above it where
  // it is a sheet over the lower half (a narrow window); all of it while the panel is closed.
  function clearOfPanel() {
    const graph = $("graph").getBoundingClientRect();
    const area = { x: 0, y: 0, w: graph.width, h: graph.height };
    if (panel.hidden) return area;
    const box = panel.getBoundingClientRect();
    if (box.top - graph.top > graph.height / 3) area.h = box.top - graph.top;
    else area.w = box.left - graph.left;
    return area;
  }

  // Fit *ids* into the part of the canvas the side panel leaves free, at most at 1:1 and with a margin for shapes
  // and labels; if the controls card then covers some of them (a narrow window), into the larger free area
  // beside or below the card instead. The fit is the nodes' own (vis's counts their labels, at whatever size
  // the view before drew them); labels are then sized for the new zoom.
  const FIT_MARGIN = 40;  // px, each side
  function fitClearOfControls(ids) {
    const positions = network.getPositions(ids);
    const low = { x: Infinity, y: Infinity };
    const high = { x: -Infinity, y: -Infinity };
    for (const id of ids) {
      for (const axis of ["x", "y"]) {
        low[axis] = Math.min(low[axis], positions[id][axis]);
        high[axis] = Math.max(high[axis], positions[id][axis]);
      }
    }
    const centre = { x: (low.x + high.x) / 2, y: (low.y + high.y) / 2 };
    const graph = $("graph").getBoundingClientRect();
    const room = (length) => Math.max(length - 2 * FIT_MARGIN, length / 2);
    const into = (area) => ({
      scale: Math.min(1, room(area.w) / (high.x - low.x), room(area.h) / (high.y - low.y)),
      offset: { x: area.x + area.w / 2 - graph.width / 2, y: area.y + area.h / 2 - graph.height / 2 },
    });
    const free = clearOfPanel();
    let view = into(free);
    const card = $("controls").getBoundingClientRect();
    const cardEnd = { x: card.right - graph.left, y: card.bottom - graph.top };
    const covered = ids.some((id) => {  // where the node would be drawn
      const x = (positions[id].x - centre.x) * view.scale + graph.width / 2 + view.offset.x;
      const y = (positions[id].y - centre.y) * view.scale + graph.height / 2 + view.offset.y;
      return x <= cardEnd.x && y <= cardEnd.y;
    });
    if (covered) {
      const beside = { x: cardEnd.x, y: free.y, w: free.x + free.w - cardEnd.x, h: free.h };
      const below = { x: free.x, y: cardEnd.y, w: free.w, h: free.y + free.h - cardEnd.y };
      const area = beside.w * beside.h >= below.w * below.h ? beside : below;
      if (area.w >= 120 && area.h >= 120) view = into(area);  // else no room worth moving to
    }
    network.moveTo({ position: centre, ...view, animation: false });
    sizeLabels(view.scale);
  }

  function buildFilters() {
    const slider = $("min-papers");
    slider.max = String(Math.max(KG.maxPapers, 1));
    slider.value = String(state.minPapers);
    $("min-papers-value").textContent = String(state.minPapers);
    slider.addEventListener("input", () => {
      state.minPapers = Number(slider.value);
      $("min-papers-value").textContent = slider.value;
      filtersChanged();
    });

    if (KG.themes.length) {
      const select = $("theme");
      for (const theme of KG.themes) {
        const o = h("option", null, theme);
        o.value = theme;
        select.append(o);
      }
      select.addEventListener("change", () => {
        state.theme = select.value;
        filtersChanged();
      });
      $("theme-field").hidden = false;
    }

    if (KG.large) {
      $("show-all-field").hidden = false;
      $("show-all").addEventListener("change", (ev) => {
        if (ev.target.checked) {
          state.hiddenTypes.clear();
          for (const b of document.querySelectorAll(".legend-item")) {
            b.classList.remove("off");
            b.setAttribute("aria-pressed", "true");
          }
          state.theme = "";
          $("theme").value = "";
          state.minPapers = 0;
        } else {
          state.minPapers = KG.largeMinPapers;
        }
        slider.value = String(state.minPapers);
        $("min-papers-value").textContent = slider.value;
        filtersChanged();
      });
    }
  }

  // Search: a name (label or alias, any case) picks its node, concepts before papers as in the CLI;
  // a name that several nodes carry is offered once per node, as "name (Type)" or
  // "alias (label · Type)". A fragment picks the best match: a whole word of a name, then the start of
  // a word, then anywhere; concepts before papers, the concept in most papers first.
  const searchIndex = new Map();  // lower-case name → node ids, best first
  const foldedIndex = new Map();  // the same, folded as the CLI compares names (see fold)
  // "Fine tuning", "fine-tuning" and "Fine-Tunings" alike: case, hyphens, spaces and a plural ending
  function fold(name) {
    const words = name.normalize("NFKC").toLowerCase().replace(/[\u2010-\u2015_\/-]+/g, " ").trim().split(/\s+/);
    const last = words.pop() || "";
    const singular = /ies$/.test(last) && last.length > 4 ? last.slice(0, -3) + "y"
      : /(ss|x|ch|sh|s)es$/.test(last) ? last.slice(0, -2)
      : /[^suia]s$/.test(last) && last.length > 3 ? last.slice(0, -1) : last;
    return [...words, singular].join(" ");
  }
  function buildSearch() {
    const list = $("search-list");
    const add = (key, id) => {
      const k = key.trim().toLowerCase();
      if (!k) return;
      for (const [index, name] of [[searchIndex, k], [foldedIndex, fold(k)]]) {
        const ids = index.get(name) || [];
        if (!ids.includes(id)) ids.push(id);
        index.set(name, ids);
      }
    };
    const option = (value, hint, id) => {
      const o = h("option");
      o.value = value;
      o.label = hint;
      list.append(o);
      add(value, id);
    };
    const ordered = [...KG.nodes.filter((n) => !isPaper(n)), ...KG.nodes.filter(isPaper)];
    for (const n of ordered) add(n.label, n.id);
    for (const n of ordered) for (const a of n.aliases) add(a, n.id);
    const shared = (name) => searchIndex.get(name.trim().toLowerCase()).length > 1;
    for (const n of ordered) {
      option(shared(n.label) ? `${n.label} (${n.type})` : n.label, n.type, n.id);
      add(`${n.label} (${n.type})`, n.id);
      const offered = new Set([n.label.toLowerCase()]);
      for (const a of n.aliases) {
        if (offered.has(a.toLowerCase())) continue;  // "Language models" beside "language models"
        offered.add(a.toLowerCase());
        option(shared(a) ? `${a} (${n.label} · ${n.type})` : a, `${n.label} · ${n.type}`, n.id);
      }
    }
    const input = $("search");
    const go = () => {
      const q = input.value.trim().toLowerCase();
      $("search-status").textContent = "";
      if (!q) return;
      const id = (searchIndex.get(q) || [])[0] || (foldedIndex.get(fold(q)) || [])[0] || bestFragmentMatch(q);
      $("search-status").textContent = id ? "" : `No node matches “${input.value}”`;
      if (id) {
        focusNode(id);
      } else {  // the panel of an earlier node would read as the answer
        network.unselectAll();
        closePanel();
      }
    };
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); go(); } });
    // picking a datalist suggestion
    input.addEventListener("input", (ev) => {
      if (!ev.inputType || ev.inputType === "insertReplacementText") go();
      else $("search-status").textContent = "";  // a new query is being typed
    });
  }

  function bestFragmentMatch(q) {
    let best = null;
    let bestRank = null;
    for (const [k, ids] of searchIndex) {
      const at = k.indexOf(q);
      if (at < 0) continue;
      const n = byId.get(ids[0]);
      const edge = (c) => c === undefined || !/[\p{L}\p{N}]/u.test(c);  // no letter or digit there
      const wordStart = edge(k[at - 1]);
      const rank = [wordStart && edge(k[at + q.length]) ? 0 : wordStart ? 1 : 2, isPaper(n) ? 1 : 0,
        -(n.nPapers || 0), k.length];
      if (!bestRank || ranksBefore(rank, bestRank)) {
        best = ids[0];
        bestRank = rank;
      }
    }
    return best;
  }

  function ranksBefore(a, b) {  // lexicographic order of two equal-length arrays of numbers
    const i = a.findIndex((x, k) => x !== b[k]);
    return i >= 0 && a[i] < b[i];
  }

  function focusNode(id) {
    if (!state.visible.has(id)) {
      state.pinned.add(id);
      applyFilters();
    }
    network.selectNodes([id]);
    openPanel(id);
    const scale = Math.max(network.getScale(), 1);
    sizeLabels(scale);
    network.focus(id, {
      scale,
      offset: visibleCentreOffset(),
      animation: { duration: 400, easingFunction: "easeInOutQuad" },
    });
  }

  // Offset that centres a focused node between the controls card and the side
  // panel rather than under one of them; above the panel where it is a sheet
  // over the lower half (a narrow window).
  function visibleCentreOffset() {
    const width = $("graph").clientWidth;
    const height = $("graph").clientHeight;
    const free = clearOfPanel();
    const y = free.y + free.h / 2 - height / 2;
    const left = $("controls").getBoundingClientRect().right;
    const right = free.x + free.w;
    if (right - left > 80) return { x: (left + right) / 2 - width / 2, y };  // room for the node, if not its label
    return { x: right > 200 ? right / 2 - width / 2 : 0, y };  // at least clear of the panel
  }

  // A node clicked where the panel then opens would be hidden by it: it moves beside the panel (same zoom).
  function keepClearOfPanel(id) {
    const at = network.canvasToDOM(network.getPositions([id])[id]);
    const free = clearOfPanel();
    if (at.x >= free.x && at.x <= free.x + free.w && at.y >= free.y && at.y <= free.y + free.h) return;
    network.focus(id, {
      scale: network.getScale(),
      offset: visibleCentreOffset(),
      animation: { duration: 400, easingFunction: "easeInOutQuad" },
    });
  }

  // --- hover: neighbours highlighted, the rest dimmed ------------------------
  const dimmedNodes = new Set();
  const dimmedEdges = new Set();

  function highlight(id) {
    const keep = new Set(network.getConnectedNodes(id));
    keep.add(id);
    const nodeUpdates = [];
    for (const nid of nodeView.getIds()) {
      const dim = !keep.has(nid);
      if (dim === dimmedNodes.has(nid)) continue;
      if (dim) dimmedNodes.add(nid);
      else dimmedNodes.delete(nid);
      nodeUpdates.push(dim ? { id: nid, color: DIM_NODE, font: { color: DIM_FONT } } : { id: nid, color: baseColor.get(nid), font: { color: FONT } });
    }
    const edgeUpdates = [];
    for (const eid of edgeView.getIds()) {
      const e = edgeById.get(eid);
      const dim = e.from !== id && e.to !== id;
      if (dim === dimmedEdges.has(eid)) continue;
      if (dim) dimmedEdges.add(eid);
      else dimmedEdges.delete(eid);
      edgeUpdates.push({ id: eid, color: dim ? { color: EDGE_DIM, opacity: 1 } : VIS.options.edges.color });
    }
    nodes.update(nodeUpdates);
    edges.update(edgeUpdates);
  }

  function clearHighlight() {
    nodes.update([...dimmedNodes].map((nid) => ({ id: nid, color: baseColor.get(nid), font: { color: FONT } })));
    edges.update([...dimmedEdges].map((eid) => ({ id: eid, color: VIS.options.edges.color })));
    dimmedNodes.clear();
    dimmedEdges.clear();
  }

  // --- side panel ---------------------------------------------------------------
  const panel = $("panel");
  const body = $("panel-body");

  function nodeButton(id) {
    const n = byId.get(id);
    const b = h("button", "node-link", n.label);
    b.type = "button";
    b.dataset.node = id;
    b.addEventListener("click", () => focusNode(id));
    return b;
  }

  function section(title, ...children) {
    const frag = document.createDocumentFragment();
    frag.append(h("h3", null, title), ...children);
    return frag;
  }

  function list(items) {
    const ul = h("ul");
    for (const item of items) {
      const li = h("li");
      li.append(...[].concat(item));
      ul.append(li);
    }
    return ul;
  }

  function openPanel(id) {
    const n = byId.get(id);
    const followed = body.contains(document.activeElement);  // a name in the panel, by keyboard or mouse
    body.replaceChildren();
    const badge = h("div", "badge");
    // a theme's name is its top concepts joined by " · ", as kg themes prints it: quoted, it reads as one item
    const quoted = n.themes.map((t) => `“${t}”`).join(", ");
    const themes = n.themes.length ? ` · theme${n.themes.length > 1 ? "s" : ""} ${quoted}` : "";
    badge.append(swatch(n.type), h("span", null, n.type + themes));
    const title = h("h2", null, n.label);
    title.tabIndex = -1;
    body.append(badge, title, h("div", "iri", n.iri));
    if (n.aliases.length) body.append(section("Also known as", list(n.aliases.map((a) => h("span", null, a)))));
    if (isPaper(n)) renderPaper(n);
    else renderEntity(n);
    panel.hidden = false;
    $("to-panel").hidden = false;
    panel.dataset.node = id;
    panel.scrollTop = 0;
    if (followed) title.focus();  // the followed name is gone: keep the keyboard in the panel
  }

  function closePanel() {
    if (panel.contains(document.activeElement) || document.activeElement === $("to-panel")) {
      $("search").focus();  // not <body>: the keyboard keeps its place
    }
    panel.hidden = true;
    $("to-panel").hidden = true;
    delete panel.dataset.node;
    network.unselectAll();
  }

  function renderEntity(n) {
    const byRole = new Map();
    for (const e of inEdges.get(n.id) || []) {
      if (isRelation(e)) continue;
      if (!byRole.has(e.role)) byRole.set(e.role, []);
      if (!byRole.get(e.role).includes(e.from)) byRole.get(e.role).push(e.from);
    }
    body.append(h("p", "tip-meta", `Found in ${n.nPapers} paper${n.nPapers === 1 ? "" : "s"}.`));
    const roles = [...byRole.keys()].sort((a, b) => roleOrder(a) - roleOrder(b) || a.localeCompare(b));
    for (const role of roles) {
      const info = roleInfo.get(role);
      const ids = byRole.get(role).sort((a, b) => byId.get(a).label.localeCompare(byId.get(b).label));
      const title = info ? `Papers that ${info.plural} it` : `Papers (${role})`;
      const group = section(`${title} (${ids.length})`, list(ids.map(nodeButton)));
      group.firstChild.dataset.role = role;
      body.append(group);
    }
    if (n.otherPapers.length) body.append(section("Also listed in", list(n.otherPapers.map(nodeButton))));
    renderRelations(n);
    if (n.externalPapers.length) {
      body.append(section("Papers outside this view", list(n.externalPapers.map((iri) => h("span", "iri", iri)))));
    }
  }

  // Links to other concepts: "it mitigates X" (out) and "Y is a kind of it" (in).
  function renderRelations(n) {
    const out = (outEdges.get(n.id) || []).filter(isRelation);
    const into = (inEdges.get(n.id) || []).filter(isRelation);
    if (!out.length && !into.length) return;
    const byLabel = (key) => (a, b) => byId.get(a[key]).label.localeCompare(byId.get(b[key]).label);
    const item = (e, parts) => {
      for (const s of e.sentences) parts.push(h("div", "evidence", s));
      return parts;
    };
    const items = [
      ...out.sort(byLabel("to")).map((e) => item(e, [
        h("span", "role", "it " + edgeVerb(e)), swatch(byId.get(e.to).type), " ", nodeButton(e.to)])),
      ...into.sort(byLabel("from")).map((e) => item(e, [
        swatch(byId.get(e.from).type), " ", nodeButton(e.from), h("span", "role", " " + edgeVerb(e) + " it")])),
    ];
    const group = section(`Related concepts (${items.length})`, list(items));
    group.firstChild.dataset.section = "relations";
    body.append(group);
  }

  function renderPaper(n) {
    body.append(section("Abstract", abstractWithMentions(n)));
    if (n.urls.length) body.append(section("Links out", list(n.urls.map(urlElement))));
    const links = (outEdges.get(n.id) || []).slice().sort(
      (a, b) => roleOrder(a.role) - roleOrder(b.role) || byId.get(a.to).label.localeCompare(byId.get(b.to).label)
    );
    if (links.length) {
      body.append(section(`Concepts (${links.length})`, list(links.map((e) => {
        const info = roleInfo.get(e.role);
        const parts = [h("span", "role", info ? info.verb : e.role), swatch(byId.get(e.to).type), " ", nodeButton(e.to)];
        for (const s of e.sentences) parts.push(h("div", "evidence", s));
        return parts;
      }))));
    }
    if (n.externalConcepts.length) {
      body.append(section(`Concepts outside this view (${n.externalConcepts.length})`,
        list(n.externalConcepts.map((iri) => h("span", "iri", iri)))));
    }
  }

  // Mentions are sorted by start (longest first). One inside another is a mark inside its mark ("language
  // models" in "diffusion language models"); one that crosses an edge of an earlier one is skipped.
  // Offsets are UTF-16 code units, like JS string indexes.
  function abstractWithMentions(n) {
    const p = h("p", "abstract");
    p.dir = "auto";
    appendMentions(p, n.abstract, n.spans, 0, n.abstract.length);
    return p;
  }

  function appendMentions(parent, text, spans, from, to) {
    let cursor = from;
    for (let i = 0; i < spans.length; i++) {
      const [start, end, entityId, role] = spans[i];
      if (start < cursor || end > to) continue;  // crosses the edge of an earlier mention
      let j = i + 1;
      while (j < spans.length && spans[j][0] < end) j++;  // spans[i+1:j] start inside this one
      parent.append(document.createTextNode(text.slice(cursor, start)));
      const mark = mentionMark(entityId, role);
      appendMentions(mark, text, spans.slice(i + 1, j), start, end);
      parent.append(mark);
      cursor = end;
      i = j - 1;
    }
    parent.append(document.createTextNode(text.slice(cursor, to)));
  }

  function mentionMark(entityId, role) {
    const entity = byId.get(entityId);
    const mark = h("mark");
    mark.style.background = styleOf(entity.type).color + "40";
    mark.style.boxShadow = `inset 0 -2px 0 ${styleOf(entity.type).color}`;
    mark.title = `${entity.label} · ${entity.type} · ${role}`;
    mark.dataset.node = entityId;
    mark.addEventListener("click", (ev) => {
      ev.stopPropagation();  // the innermost mention is the one clicked
      focusNode(entityId);
    });
    return mark;
  }

  // Only http(s) URLs become links; anything else is shown as inert text.
  function urlElement(url) {
    let safe = false;
    if (/^https?:\/\//i.test(url)) {
      try {
        safe = ["http:", "https:"].includes(new URL(url).protocol);
      } catch (err) {
        safe = false;
      }
    }
    if (!safe) return h("span", "inert", url);
    const a = h("a", null, url);
    a.href = url;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    return a;
  }

  // --- wiring ---------------------------------------------------------------------
  network.on("click", (p) => {
    if (p.nodes.length) {
      openPanel(p.nodes[0]);
      keepClearOfPanel(p.nodes[0]);
    } else if (!p.edges.length) closePanel();
  });
  network.on("hoverNode", (p) => highlight(p.node));
  network.on("zoom", (p) => sizeLabels(p.scale));
  network.on("showPopup", () => {  // vis keeps a tooltip inside the canvas, not clear of the panel: moved clear of it
    const tip = $("graph").querySelector("div.vis-tooltip");
    const free = clearOfPanel();
    const within = (at, size, start, length) => Math.max(start + 5, Math.min(at, start + length - size - 5));
    tip.style.left = within(parseFloat(tip.style.left), tip.offsetWidth, free.x, free.w) + "px";
    tip.style.top = within(parseFloat(tip.style.top), tip.offsetHeight, free.y, free.h) + "px";
  });
  network.on("blurNode", clearHighlight);
  $("graph").addEventListener("mouseleave", () => {  // straight onto a card: vis sees no blur
    clearHighlight();
    for (const tip of document.querySelectorAll(".vis-tooltip")) tip.style.visibility = "hidden";
  });
  network.on("stabilizationProgress", (p) => {
    $("stats").textContent = `Laying out… ${Math.round((100 * p.iterations) / p.total)}%`;
  });
  $("panel-close").addEventListener("click", closePanel);
  $("to-panel").addEventListener("click", () => body.querySelector("h2").focus());  // one Tab after the search box
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closePanel(); });

  function markReady() {
    if (window.kgReady) return;
    network.setOptions({ physics: { enabled: false } });
    try {
      if (nodeView.length) fitClearOfControls(nodeView.getIds());
    } finally {  // the page is usable whatever the fit does
      window.kgReady = true;
      document.documentElement.dataset.ready = "true";
      renderStats();
    }
  }
  network.once("stabilizationIterationsDone", markReady);
  network.once("stabilized", markReady);

  buildLegend();
  buildFilters();
  buildSearch();
  renderStats();
  if (nodeView.length === 0) markReady();
})();
