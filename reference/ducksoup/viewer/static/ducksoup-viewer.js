/* The ducksoup trace viewer: draws the view documents of a page, step by step.

   Each element with a data-ducksoup-viewer attribute becomes a viewer of the document held, as
   JSON, by the element whose id the attribute names (made by ducksoup.viewer).
   The documents hold scenes (seats, zones of cards, facts, tables) in words and card codes: this
   script knows no game. Everything from a document goes into the page as text (textContent),
   never as markup; links go only to the page's own anchors and to the addresses the
   documentation resolved. No network, no fonts, no other script. */
(function () {
  "use strict";

  var UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
  var CITED = /(§\d+(?:\.\d+)*|\b[A-Z]{2}-R\d{2}\b)/;
  var RED_CARD = /((?:10|[2-9AJQK])[♥♦])/;
  var CARD_CODE = /\b([0-9A-Z]{2})\b/;
  var COLOURS = ["red", "black", "yellow", "green", "blue", "purple", "rainbow"];

  function clean(value) {
    return String(value === null || value === undefined ? "" : value).replace(UNSAFE, "\ufffd");
  }

  function el(tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content !== undefined && content !== null) node.textContent = clean(content);
    return node;
  }

  function safeHref(href) {
    var value = String(href || "");
    if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:/i.test(value)) return null;
    return value;
  }

  function slug(text) {
    return String(text).toLowerCase().replace(/§/g, "s").replace(/[^a-z0-9]+/g, "-");
  }

  function plural(count, word) {
    return count === 0 ? "no " + word : count + " " + word + (count === 1 ? "" : "s");
  }

  var instances = [];

  function Viewer(root, doc, index, trace) {
    this.root = root;
    this.doc = doc;
    this.index = index;
    this.trace = trace;
    this.prefix = "vw" + index + "-";
    this.steps = Array.isArray(doc.steps) ? doc.steps : [];
    this.current = -1;
    this.faces = doc.faces || {};
    this.refs = doc.refs || {};
    this.build();
  }

  Viewer.prototype.key = function () {
    return this.doc.key || null;
  };

  /* The scene shown at step n: the last one at or before it (a refused action changes nothing). */
  Viewer.prototype.sceneAt = function (n) {
    for (var i = n; i >= 0; i--) {
      if (this.steps[i] && this.steps[i].scene) return this.steps[i].scene;
    }
    return null;
  };

  Viewer.prototype.build = function () {
    var doc = this.doc;
    var root = this.root;
    while (root.firstChild) root.removeChild(root.firstChild);
    root.classList.add("vw-ready");

    var head = el("header", "vw-head");
    head.appendChild(el("h2", "vw-title", doc.id));
    if (doc.description) head.appendChild(el("p", "vw-desc", doc.description));
    var meta = [doc.game, plural(doc.players, "player"), "scope: " + doc.scope, doc.options];
    head.appendChild(el("p", "vw-meta", meta.filter(Boolean).join(" · ")));
    var mode = el("p", "vw-mode");
    mode.appendChild(el("span", "vw-badge " + (doc.seat === null ? "vw-badge-open" : "vw-badge-seat"),
      doc.seat === null ? "every hand face up" : "seen by player " + doc.seat));
    mode.appendChild(document.createTextNode(" " + clean(doc.mode)));
    head.appendChild(mode);
    var cited = Object.keys(this.refs);
    if (cited.length) {
      var refsLine = el("p", "vw-meta vw-cited");
      refsLine.appendChild(document.createTextNode("Rules and rulings: "));
      var self = this;
      cited.forEach(function (key, i) {
        if (i) refsLine.appendChild(document.createTextNode(", "));
        refsLine.appendChild(self.refLink(key, key));
      });
      head.appendChild(refsLine);
    }
    (doc.problems || []).forEach(function (problem) {
      head.appendChild(el("p", "vw-problem", "Note: " + problem));
    });
    root.appendChild(head);

    root.appendChild(this.buildControls());

    this.board = el("div", "vw-board");
    this.board.setAttribute("role", "group");
    this.board.setAttribute("aria-label", "The table");
    root.appendChild(this.board);

    this.divergence = el("div", "vw-divergence");
    this.divergence.hidden = true;
    root.appendChild(this.divergence);

    this.say = el("div", "vw-say");
    this.say.setAttribute("aria-live", "polite");
    this.say.setAttribute("aria-atomic", "true");
    root.appendChild(this.say);

    if (doc.inferred) {
      root.appendChild(el("p", "vw-note", "Cards marked ? are inferred: the record does not say where they lay, " +
        "so a place that fits it was chosen."));
    }
    root.appendChild(this.buildRefs());
    root.appendChild(el("p", "vw-keys", "Keys: ← and → step back and forward, Home and End go to the first and " +
      "last step, Page Up and Page Down to the previous and next " + (doc.unit || "deal") + ". " +
      "The address ends with #step=N: a link to this page with it opens at step N."));
  };

  Viewer.prototype.buildControls = function () {
    var self = this;
    var nav = el("nav", "vw-controls");
    nav.setAttribute("aria-label", "Steps of " + clean(this.doc.id));
    var last = Math.max(this.steps.length - 1, 0);

    function button(label, title, action) {
      var b = el("button", "vw-button", label);
      b.type = "button";
      b.setAttribute("aria-label", title);
      b.addEventListener("click", action);
      nav.appendChild(b);
      return b;
    }
    this.firstButton = button("« First", "First step", function () { self.go(0); });
    this.prevButton = button("◀ Previous", "Previous step", function () { self.go(self.current - 1); });
    this.nextButton = button("Next ▶", "Next step", function () { self.go(self.current + 1); });
    this.lastButton = button("Last »", "Last step", function () { self.go(last); });

    var sliderId = this.prefix + "slider";
    var label = el("label", "vw-slider-label", "Step");
    label.htmlFor = sliderId;
    nav.appendChild(label);
    var slider = el("input", "vw-slider");
    slider.type = "range";
    slider.id = sliderId;
    slider.min = "0";
    slider.max = String(last);
    slider.step = "1";
    slider.value = "0";
    slider.addEventListener("input", function () { self.go(parseInt(slider.value, 10)); });
    nav.appendChild(slider);
    this.slider = slider;

    this.counter = el("output", "vw-counter");
    this.counter.htmlFor = sliderId;
    nav.appendChild(this.counter);

    var chapters = this.doc.chapters || [];
    if (chapters.length > 1) {
      var chapterId = this.prefix + "chapter";
      var chapterLabel = el("label", "vw-slider-label", "Go to");
      chapterLabel.htmlFor = chapterId;
      nav.appendChild(chapterLabel);
      var select = el("select", "vw-select");
      select.id = chapterId;
      chapters.forEach(function (chapter) {
        var option = el("option", null, chapter.label + " (step " + chapter.step + ")");
        option.value = String(chapter.step);
        select.appendChild(option);
      });
      select.addEventListener("change", function () { self.go(parseInt(select.value, 10)); });
      nav.appendChild(select);
      this.select = select;
    }
    if (this.trace) {
      button("Save the trace", "Save the trace as a JSON file", function () { self.saveTrace(); });
    }
    return nav;
  };

  Viewer.prototype.buildRefs = function () {
    var box = el("details", "vw-refs");
    var keys = Object.keys(this.refs);
    this.refsBox = box;
    if (!keys.length) return box;
    box.appendChild(el("summary", null, "Rules and rulings cited (" + keys.length + ")"));
    var list = el("dl", "vw-ref-list");
    var self = this;
    keys.forEach(function (key) {
      var ref = self.refs[key];
      var term = el("dt", null);
      term.id = self.prefix + "ref-" + slug(key);
      var href = safeHref(ref.href);
      if (href) {
        var a = el("a", null, ref.title || key);
        a.href = href;
        term.appendChild(a);
      } else {
        term.textContent = clean(ref.title || key);
      }
      list.appendChild(term);
      list.appendChild(el("dd", null, ref.text || ""));
    });
    box.appendChild(list);
    return box;
  };

  /* A link for a cited section or ruling: to the documentation's page when the document knows it, else to
     the list of cited rules below the viewer. */
  Viewer.prototype.refLink = function (key, label) {
    var ref = this.refs[key];
    var a = el("a", "vw-ref", label);
    var href = ref && safeHref(ref.href);
    a.href = href || "#" + this.prefix + "ref-" + slug(key);
    if (ref && ref.title) a.title = clean(ref.title);
    var self = this;
    if (!href) a.addEventListener("click", function () { if (self.refsBox) self.refsBox.open = true; });
    return a;
  };

  /* A narration line: cited sections and rulings become links, red cards red (the symbol says it too). */
  Viewer.prototype.line = function (text, className) {
    var p = el("p", className);
    var self = this;
    clean(text).split(CITED).forEach(function (part, i) {
      if (i % 2 === 1) {
        var key = part.split(".")[0];
        if (self.refs[key]) {
          p.appendChild(self.refLink(key, part));
          return;
        }
      }
      appendRedCards(p, part);
    });
    return p;
  };

  function appendRedCards(parent, text) {
    text.split(RED_CARD).forEach(function (bit, j) {
      if (j % 2 === 1) parent.appendChild(el("span", "vw-red", bit));
      else if (bit) parent.appendChild(document.createTextNode(bit));
    });
  }

  /* An action in the narration's words for cards: each card code written as its face shows it (TH: 10♥). */
  Viewer.prototype.cardsAsFaces = function (text) {
    var faces = this.faces;
    return clean(text).split(CARD_CODE).map(function (part, i) {
      var face = i % 2 === 1 && Object.prototype.hasOwnProperty.call(faces, part) ? faces[part] : null;
      return face ? clean(face.rank) + clean(face.suit) : part;
    }).join("");
  };

  /* The step's heading, its cards written as the narration under it writes them (red cards red). */
  Viewer.prototype.stepHeading = function (n, step) {
    var heading = el("h3", "vw-step-title");
    var words = n === 0 ? "Step 0: the " + (this.doc.unit || "deal") + " dealt" : "Step " + n + ": " + this.cardsAsFaces(step.action);
    appendRedCards(heading, words);
    if (step.refused) heading.appendChild(document.createTextNode(" (refused: " + clean(step.refused) + ")"));
    return heading;
  };

  Viewer.prototype.card = function (code, guessed) {
    var face = Object.prototype.hasOwnProperty.call(this.faces, code) ? this.faces[code] : null;
    var colour = face && COLOURS.indexOf(face.colour) >= 0 ? face.colour : "black";
    var card = el("span", "vw-card vw-c-" + colour);
    card.setAttribute("role", "img");
    card.setAttribute("data-card", clean(code));
    var name = face ? face.name : "card " + code;
    if (guessed) name += ", inferred";
    card.setAttribute("aria-label", clean(name));
    card.title = clean(name);
    card.appendChild(el("span", "vw-rank", face ? face.rank : code)).setAttribute("aria-hidden", "true");
    card.appendChild(el("span", "vw-suit", face ? face.suit : "?")).setAttribute("aria-hidden", "true");
    if (guessed) card.appendChild(el("span", "vw-guess", "?")).setAttribute("aria-hidden", "true");
    return card;
  };

  Viewer.prototype.backs = function (count, pile) {
    var box = el("span", "vw-backs" + (pile ? " vw-pile" : ""));
    box.setAttribute("role", "img");
    box.setAttribute("data-count", String(count));
    box.setAttribute("aria-label", plural(count, "card") + " face down");
    var shown = pile ? 1 : Math.min(count, 26);
    for (var i = 0; i < shown; i++) box.appendChild(el("span", "vw-back")).setAttribute("aria-hidden", "true");
    if (pile) box.appendChild(el("span", "vw-count", String(count))).setAttribute("aria-hidden", "true");
    return box;
  };

  Viewer.prototype.zone = function (zone) {
    var self = this;
    var box = el("div", "vw-zone" + (zone.hidden ? " vw-hidden" : "") + (zone.diff ? " vw-diff" : ""));
    if (zone.field) box.setAttribute("data-field", clean(zone.field));
    var head = el("div", "vw-zone-head");
    head.appendChild(el("span", "vw-zone-label", zone.label));
    if (zone.hidden) head.appendChild(el("span", "vw-badge vw-badge-hidden", "hidden at the table"));
    if (zone.diff) head.appendChild(el("span", "vw-badge vw-badge-diff", "≠ differs"));
    box.appendChild(head);
    var cards = Array.isArray(zone.cards) ? zone.cards : [];
    var captions = Array.isArray(zone.captions) ? zone.captions : [];
    var guessed = Array.isArray(zone.guessed) ? zone.guessed : [];
    var list = el("ul", "vw-cards");
    list.setAttribute("aria-label", clean(zone.label) + (zone.note ? ": " + clean(zone.note) : ""));
    cards.forEach(function (item, i) {
      var li = el("li", "vw-slot");
      if (typeof item === "number") li.appendChild(self.backs(item, zone.pile));
      else li.appendChild(self.card(String(item), guessed.indexOf(item) >= 0));
      if (captions[i]) li.appendChild(el("span", "vw-caption", captions[i]));
      list.appendChild(li);
    });
    box.appendChild(list);
    if (zone.note) box.appendChild(el("p", "vw-note", zone.note));
    return box;
  };

  Viewer.prototype.facts = function (facts) {
    var list = el("dl", "vw-facts");
    (facts || []).forEach(function (fact) {
      var row = el("div", "vw-fact" + (fact.diff ? " vw-diff" : ""));
      if (fact.field) row.setAttribute("data-field", clean(fact.field));
      row.appendChild(el("dt", null, fact.label));
      var value = el("dd", "vw-fact-value", fact.value);
      if (fact.diff) value.appendChild(el("span", "vw-badge vw-badge-diff", "≠"));
      row.appendChild(value);
      list.appendChild(row);
    });
    return list;
  };

  Viewer.prototype.seat = function (seat) {
    var self = this;
    var box = el("section", "vw-seat");
    box.setAttribute("data-player", String(seat.player));
    var head = el("h3", "vw-seat-name", seat.name);
    (seat.badges || []).forEach(function (badge) {
      head.appendChild(document.createTextNode(" "));
      head.appendChild(el("span", "vw-badge vw-badge-" + slug(badge), badge));
    });
    box.appendChild(head);
    (seat.zones || []).forEach(function (zone) { box.appendChild(self.zone(zone)); });
    if (seat.facts && seat.facts.length) box.appendChild(this.facts(seat.facts));
    return box;
  };

  Viewer.prototype.table = function (table) {
    var t = el("table", "vw-table" + (table.diff ? " vw-diff" : ""));
    if (table.field) t.setAttribute("data-field", clean(table.field));
    t.appendChild(el("caption", null, table.caption + (table.diff ? " (≠ differs)" : "")));
    var thead = el("thead");
    var row = el("tr");
    (table.head || []).forEach(function (cell) {
      var th = el("th", null, cell);
      th.scope = "col";
      row.appendChild(th);
    });
    thead.appendChild(row);
    t.appendChild(thead);
    var body = el("tbody");
    (table.rows || []).forEach(function (cells) {
      var tr = el("tr");
      (cells || []).forEach(function (cell, i) {
        var td = el(i === 0 ? "th" : "td", null, cell);
        if (i === 0) td.scope = "row";
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    t.appendChild(body);
    return t;
  };

  /* One scene, drawn into a fresh element; `seat` is the player seen by (drawn last, nearest the reader). */
  Viewer.prototype.scene = function (scene, label, seen) {
    var self = this;
    var box = el("div", "vw-scene");
    if (!scene) {
      box.appendChild(el("p", "vw-status", "Nothing to show."));
      return box;
    }
    var status = el("p", "vw-status");
    if (label) status.appendChild(el("strong", null, label + ": "));
    if (scene.chapter) status.appendChild(el("strong", null, scene.chapter + ". "));
    status.appendChild(document.createTextNode(clean(scene.status)));
    box.appendChild(status);
    if (scene.raw !== undefined) {
      box.appendChild(el("pre", "vw-raw", scene.raw));
      return box;
    }
    var by = seen === undefined ? this.doc.seat : seen;
    var bottom = by === null || by === undefined ? 0 : by;
    var seats = Array.isArray(scene.seats) ? scene.seats : [];
    var others = el("div", "vw-seats vw-others");
    seats.forEach(function (seat) { if (seat.player !== bottom) others.appendChild(self.seat(seat)); });
    box.appendChild(others);
    var middle = el("section", "vw-middle");
    middle.setAttribute("aria-label", "Middle of the table");
    (scene.middle || []).forEach(function (zone) { middle.appendChild(self.zone(zone)); });
    if (scene.facts && scene.facts.length) middle.appendChild(this.facts(scene.facts));
    box.appendChild(middle);
    var own = el("div", "vw-seats vw-own");
    seats.forEach(function (seat) { if (seat.player === bottom) own.appendChild(self.seat(seat)); });
    box.appendChild(own);
    (scene.tables || []).forEach(function (table) { box.appendChild(self.table(table)); });
    if (scene.result) box.appendChild(el("p", "vw-result", scene.result));
    return box;
  };

  Viewer.prototype.showDivergence = function (n) {
    var found = this.doc.divergence;
    var box = this.divergence;
    while (box.firstChild) box.removeChild(box.firstChild);
    if (!found || found.step !== n) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    box.appendChild(el("h3", null, "The first divergence, at step " + n));
    box.appendChild(el("p", "vw-problem", found.reason));
    var sides = el("div", "vw-sides");
    var self = this;
    [["expected", found.expected_title, found.expected], ["received", found.received_title, found.received]]
      .forEach(function (side) {
        var column = el("section", "vw-side vw-side-" + side[0]);
        column.setAttribute("aria-label", side[1]);
        column.appendChild(el("h4", null, side[1]));
        column.appendChild(self.scene(side[2], null, found.seat));
        sides.appendChild(column);
      });
    box.appendChild(sides);
    if (found.lines && found.lines.length) {
      box.appendChild(el("h4", null, "Every difference found"));
      var list = el("ul", "vw-diff-lines");
      found.lines.forEach(function (line) { list.appendChild(el("li", null, line)); });
      box.appendChild(list);
    }
  };

  Viewer.prototype.go = function (n, quiet) {
    var last = this.steps.length - 1;
    if (last < 0) return;
    n = Math.max(0, Math.min(last, isNaN(n) ? 0 : n));
    this.current = n;
    var step = this.steps[n];
    while (this.board.firstChild) this.board.removeChild(this.board.firstChild);
    this.board.appendChild(this.scene(this.sceneAt(n)));
    this.showDivergence(n);

    while (this.say.firstChild) this.say.removeChild(this.say.firstChild);
    this.say.appendChild(this.stepHeading(n, step));
    var self = this;
    var lines = Array.isArray(step.say) ? step.say : [];
    lines.forEach(function (line) {
      var indented = /^\s/.test(line);
      self.say.appendChild(self.line(line.replace(/^\s+/, ""), "vw-line" + (indented ? " vw-indent" : "")));
    });
    if (!lines.length) this.say.appendChild(el("p", "vw-line vw-quiet", "No narration for this step."));

    this.slider.value = String(n);
    this.slider.setAttribute("aria-valuetext", "step " + n + " of " + last);
    this.counter.textContent = "step " + n + " of " + last;
    this.firstButton.disabled = this.prevButton.disabled = n === 0;
    this.nextButton.disabled = this.lastButton.disabled = n === last;
    if (this.select) {
      var chosen = this.doc.chapters[0].step;
      this.doc.chapters.forEach(function (chapter) { if (chapter.step <= n) chosen = chapter.step; });
      this.select.value = String(chosen);
    }
    this.root.setAttribute("data-step", String(n));
    if (!quiet) this.remember(n);
  };

  Viewer.prototype.chapterStep = function (direction) {
    var chapters = this.doc.chapters || [];
    var n = this.current;
    var target = direction > 0 ? this.steps.length - 1 : 0;
    for (var i = 0; i < chapters.length; i++) {
      var step = chapters[i].step;
      if (direction > 0 && step > n) { target = step; break; }
      if (direction < 0 && step < n) target = step;
    }
    this.go(target);
  };

  /* The step in the address: #step=N (and trace=ID on a page of several viewers). */
  Viewer.prototype.remember = function (n) {
    var fragment = "#" + (this.key() ? "trace=" + encodeURIComponent(this.key()) + "&" : "") + "step=" + n;
    try {
      history.replaceState(null, "", fragment);
    } catch (error) {
      try { location.replace(fragment); } catch (ignored) { /* the address cannot change here */ }
    }
  };

  Viewer.prototype.saveTrace = function () {
    var text = JSON.stringify(this.trace, null, 1) + "\n";
    var blob = new Blob([text], { type: "application/json" });
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = String(this.doc.id).replace(/[^A-Za-z0-9._-]/g, "_") + ".json";
    document.body.appendChild(a);
    a.click();
    document.body.removeChild(a);
  };

  /* The document's scenes with their shared parts in place: {"@": i} stands for the pool's value i, which
     refers only to values before it (ducksoup.viewer.document.Pool). */
  function unpack(doc) {
    var pool = Array.isArray(doc.pool) ? doc.pool : [];
    var done = {};
    function resolve(value, limit) {
      if (Array.isArray(value)) return value.map(function (item) { return resolve(item, limit); });
      if (!value || typeof value !== "object") return value;
      var keys = Object.keys(value);
      if (keys.length === 1 && keys[0] === "@") {
        var i = value["@"];
        if (typeof i !== "number" || !(i >= 0 && i < limit)) return null;
        if (!Object.prototype.hasOwnProperty.call(done, i)) done[i] = resolve(pool[i], i);
        return done[i];
      }
      var out = {};
      keys.forEach(function (key) { out[key] = resolve(value[key], limit); });
      return out;
    }
    doc.steps.forEach(function (step) {
      if (step && step.scene) step.scene = resolve(step.scene, pool.length);
    });
    return doc;
  }

  /* A copy of an object or list, to change without changing the original (which earlier steps share). */
  function copied(value) {
    if (Array.isArray(value)) return value.slice();
    var out = {};
    if (value && typeof value === "object") Object.keys(value).forEach(function (key) { put(out, key, value[key]); });
    return out;
  }

  function put(object, key, value) {
    Object.defineProperty(object, key, { value: value, enumerable: true, writable: true, configurable: true });
  }

  /* The value a patch of a compact document makes of `value` (ducksoup.viewer.compact): [new], a list's
     {"/": [start, count, items...]}, or the changed members by key, with a list's "#" length first and an
     object's "-" removals last ({} changes nothing). */
  function patched(value, patch) {
    if (Array.isArray(patch)) return patch[0];
    if (!patch || typeof patch !== "object" || !value || typeof value !== "object") return value;
    var out = copied(value);
    var list = Array.isArray(out);
    if (list && Array.isArray(patch["/"])) Array.prototype.splice.apply(out, patch["/"]);
    if (list && typeof patch["#"] === "number" && patch["#"] >= 0 && patch["#"] <= 100000) out.length = patch["#"];
    Object.keys(patch).forEach(function (key) {
      if (key !== "/" && key !== "#" && key !== "-") put(out, key, patched(out[key], patch[key]));
    });
    if (!list && Array.isArray(patch["-"])) patch["-"].forEach(function (key) { delete out[key]; });
    return out;
  }

  /* A compact document's scenes, rebuilt from each step's changes: the document as it was before compacting. */
  function rebuild(doc) {
    if (doc.encoding !== "changes") return doc;
    var shown = null;
    doc.steps.forEach(function (step) {
      if (!step || !Object.prototype.hasOwnProperty.call(step, "change")) return;
      shown = patched(shown, step.change);
      step.scene = shown;
      delete step.change;
    });
    return doc;
  }

  /* The text of a gzip element (base64 of gzip-compressed JSON), decompressed by the browser: a promise. */
  function inflate(text) {
    var binary = atob(text.replace(/\s+/g, ""));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }

  function readJSON(id) {
    var source = document.getElementById(id);
    if (!source || source.type !== "application/json") return null;
    try {
      return JSON.parse(source.textContent);
    } catch (error) {
      return null;
    }
  }

  /* The document of a data element, JSON or compact (gzip): a promise of the document, or of null. */
  function loadDocument(id) {
    var source = document.getElementById(id);
    if (!source || source.type !== "application/gzip") return Promise.resolve(readJSON(id));
    if (typeof DecompressionStream !== "function") return Promise.resolve(null);
    return inflate(source.textContent).then(rebuild, function () { return null; });
  }

  function fragment() {
    var found = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
      var parts = pair.split("=");
      if (parts.length === 2) {
        try { found[parts[0]] = decodeURIComponent(parts[1]); } catch (error) { /* not ours */ }
      }
    });
    return found;
  }

  function fromFragment(initial) {
    var wanted = fragment();
    if (wanted.step === undefined || !/^\d+$/.test(wanted.step)) return false;
    var target = null;
    instances.forEach(function (viewer) {
      if (wanted.trace !== undefined ? viewer.key() === wanted.trace : instances.length === 1) target = viewer;
    });
    if (!target) return false;
    var details = target.root.closest("details");
    if (details) details.open = true;
    target.go(parseInt(wanted.step, 10), true);
    if (initial && wanted.trace !== undefined) target.root.scrollIntoView();
    return true;
  }

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    var tag = target && target.tagName ? target.tagName.toLowerCase() : "";
    if (tag === "select" || tag === "textarea" || (tag === "input" && target.type !== "range")) return;
    var viewer = null;
    instances.forEach(function (candidate) { if (candidate.root.contains(target)) viewer = candidate; });
    if (!viewer && instances.length === 1) viewer = instances[0];
    if (!viewer) return;
    var native = tag === "input";
    switch (event.key) {
      case "ArrowRight": if (native) return; viewer.go(viewer.current + 1); break;
      case "ArrowLeft": if (native) return; viewer.go(viewer.current - 1); break;
      case "Home": if (native) return; viewer.go(0); break;
      case "End": if (native) return; viewer.go(viewer.steps.length - 1); break;
      case "PageDown": viewer.chapterStep(1); break;
      case "PageUp": viewer.chapterStep(-1); break;
      default: return;
    }
    event.preventDefault();
  }

  function start() {
    var roots = Array.prototype.slice.call(document.querySelectorAll("[data-ducksoup-viewer]"));
    var trace = readJSON("ducksoup-trace");
    var loading = roots.map(function (root) { return loadDocument(root.getAttribute("data-ducksoup-viewer")); });
    Promise.all(loading).then(function (docs) { show(roots, docs, trace); });
  }

  function show(roots, docs, trace) {
    roots.forEach(function (root, index) {
      var doc = docs[index];
      if (!doc || !Array.isArray(doc.steps)) {
        root.appendChild(el("p", "vw-problem", "This viewer's data cannot be read" +
          (typeof DecompressionStream === "function" ? "." : ": this browser cannot decompress it.")));
        return;
      }
      var viewer = new Viewer(root, unpack(doc), index, roots.length === 1 ? trace : null);
      instances.push(viewer);
      viewer.go(typeof doc.start === "number" ? doc.start : 0, true);
    });
    fromFragment(true);
    window.addEventListener("hashchange", function () { fromFragment(false); });
    document.addEventListener("keydown", onKey);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
