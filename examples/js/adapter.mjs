#!/usr/bin/env node
// An example adapter for the Duck Soup conformance suite, in plain JavaScript (Node.js 20,
// standard library only).
//
// It speaks the JSON Lines adapter protocol, version 1, of conformance/README.md on standard
// input and output, and implements the base game: scope "deal" (one deal) and scope "game"
// (deals until a player wins at 250 or "in the pond"), with the standard rule options only
// (stock "face-up", best_of 1, double_draw "winner-first"). Everything else is declared
// unsupported in the hello reply, so the runner skips those traces.
//
// Run it with:   ducksoup check --impl "node examples/js/adapter.mjs"

import { createInterface } from "node:readline";

const PROTOCOL = 1;
const IMPLEMENTATION = { name: "ducksoup-js-example", version: "0.1.0", language: "javascript" };
const SUPPORTED = {
  "duck-soup": {
    scopes: ["deal", "game"],
    options: { stock: ["face-up"], best_of: [1], double_draw: ["winner-first"] },
  },
};
const STANDARD_OPTIONS = { stock: "face-up", best_of: 1, double_draw: "winner-first" };

// ---------------------------------------------------------------------------------------------
// Cards (§2). A card is a two-character string, rank then suit: "TC", "AS".

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const HAND_SIZE = 13;
const TARGET = 250; // §9: a total of 250 or more may end the game (DS-R14)
const POND = 125; // §9: a deal score of 125 or more is "in the pond"; a losing total under it "in the soup"

const rankOf = (card) => card[0];
const suitOf = (card) => card[1];
const isCard = (value) =>
  typeof value === "string" && value.length === 2 && RANKS.includes(value[0]) && SUITS.includes(value[1]);

// Canonical order: by suit (clubs, diamonds, hearts, spades), then by rank with the Ace first.
const cardIndex = (card) => SUITS.indexOf(suitOf(card)) * 13 + RANKS.indexOf(rankOf(card));
const sortCards = (cards) => [...cards].sort((a, b) => cardIndex(a) - cardIndex(b));

// How strong a card is within its suit: in the Duck the lower rank wins and the Ace is lowest
// (so best); in the Soup the higher rank wins and the Ace is above the King (DS-R13).
function strength(card, course) {
  const r = RANKS.indexOf(rankOf(card)); // 0 for the Ace .. 12 for the King
  if (course === "duck") return 13 - r;
  return r === 0 ? 13 : r;
}

// An ordinary trick (§4.3): the follower wins only with a better card of the suit led.
function followerWins(lead, follow, course) {
  return suitOf(lead) === suitOf(follow) && strength(follow, course) > strength(lead, course);
}

// A trick of one suit is worth 1 point, a trick of two suits 2 (§4.4).
const trickPoints = ([a, b]) => (suitOf(a) === suitOf(b) ? 1 : 2);

// Parse a deck string ("8S8HAC...") into 52 cards, or throw an Error saying what is wrong.
function parseDeck(text) {
  if (typeof text !== "string" || text.length !== 104) throw new Error("a deck must be a string of 52 cards");
  const cards = [];
  for (let i = 0; i < text.length; i += 2) {
    const card = text.slice(i, i + 2);
    if (!isCard(card)) throw new Error(`not a card: ${JSON.stringify(card)}`);
    cards.push(card);
  }
  if (new Set(cards).size !== 52) throw new Error("a deck must hold each of the 52 cards once");
  return cards;
}

// ---------------------------------------------------------------------------------------------
// Illegal actions and their codes, in order of precedence (conformance/README.md, "Error codes").

class Illegal extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

// The calls a card may carry at each point of the trick (§6; DS-R10, DS-R12). "" means no call.
const CALLS_ALLOWED = {
  lead: [""],
  follow: ["", "quack"],
  answer: ["quack-quack"],
  fourth: ["", "duck-soup"],
};

// ---------------------------------------------------------------------------------------------
// One deal (§3 to §8) as a mutable state machine.

class Deal {
  constructor(deck, dealer) {
    this.dealer = dealer;
    this.course = "duck";
    this.phase = "lead";
    this.leader = 1 - dealer; // the non-dealer leads first (§4)
    // Deal one at a time, the non-dealer first (DS-R01); the other 26 cards are the stock.
    const hands = [[], []];
    for (let i = 0; i < 2 * HAND_SIZE; i++) hands[i % 2 === 0 ? 1 - dealer : dealer].push(deck[i]);
    this.hands = hands.map(sortCards);
    this.stock = deck.slice(2 * HAND_SIZE); // top first; the top card lies face up
    this.table = []; // the unfinished trick (lead, quack, third card)
    this.tricks = [[0, 0], [0, 0]]; // per player, [duck, soup]
    this.points = [[0, 0], [0, 0]];
    // seen[p]: cards player p saw go into the opponent's hand (the face-up card taken).
    this.seen = [new Set(), new Set()];
  }

  get over() {
    return this.phase === "over";
  }

  get toAct() {
    if (this.phase === "over") return null;
    return this.phase === "lead" || this.phase === "answer" ? this.leader : 1 - this.leader;
  }

  scores() {
    return this.points.map(([duck, soup]) => duck * soup); // §8
  }

  // Raise Illegal with the code of highest precedence if the action is not allowed now.
  // (game-over and deal-over are checked by the caller.)
  check(action) {
    const player = this.toAct;
    if (action.player !== player) throw new Illegal("not-your-turn");
    if (action.answer !== undefined) {
      if (this.phase !== "answer") throw new Illegal("duck-not-allowed");
      return;
    }
    if (this.phase === "answer" && action.call !== "quack-quack") throw new Illegal("answer-required");
    if (!this.hands[player].includes(action.play)) throw new Illegal("card-not-in-hand");
    if (!CALLS_ALLOWED[this.phase].includes(action.call)) throw new Illegal("call-not-allowed");
    if (action.call !== "" && rankOf(action.play) !== rankOf(this.table[0])) throw new Illegal("call-rank-mismatch");
  }

  // Apply a legal action (call check() first).
  apply(action) {
    if (action.answer !== undefined) {
      // "duck": the quacker takes the trick of the lead and the quack (§6).
      this.finish(1 - this.leader, [[this.table[0], this.table[1]]]);
      return;
    }
    const player = this.toAct;
    const card = action.play;
    this.hands[player] = this.hands[player].filter((held) => held !== card);
    this.table.push(card);
    switch (this.phase) {
      case "lead":
        this.phase = "follow";
        break;
      case "follow": {
        const lead = this.table[0];
        if (action.call === "quack") {
          this.phase = "answer"; // the leader must say "duck" or lead a third card with "quack-quack"
        } else {
          this.finish(followerWins(lead, card, this.course) ? 1 - this.leader : this.leader, [[lead, card]]);
        }
        break;
      }
      case "answer":
        this.phase = "fourth";
        break;
      case "fourth": {
        // "duck soup" on the fourth card of the rank wins both tricks for the follower;
        // otherwise (a forgotten call too, DS-R03) the leader wins both.
        const [lead, quack, third] = this.table;
        const winner = action.call === "duck-soup" ? 1 - this.leader : this.leader;
        this.finish(winner, [
          [lead, quack],
          [third, card],
        ]);
        break;
      }
      default:
        throw new Error(`no action can be applied in phase ${this.phase}`);
    }
  }

  // Store the finished trick(s), draw in the Duck course (§5, DS-R04), change course (§7),
  // and let the winner lead next.
  finish(winner, tricks) {
    const loser = 1 - winner;
    const c = this.course === "duck" ? 0 : 1;
    for (const trick of tricks) {
      this.tricks[winner][c] += 1;
      this.points[winner][c] += trickPoints(trick);
    }
    if (this.course === "duck") {
      // The winner takes the face-up card (seen by the loser), and after a quack-quack the one
      // under it too; the loser takes as many after those. A stock of two gives one each.
      const each = tricks.length === 2 && this.stock.length >= 4 ? 2 : 1;
      const drawn = this.stock.splice(0, 2 * each);
      this.seen[loser].add(drawn[0]);
      this.hands[winner] = sortCards([...this.hands[winner], ...drawn.slice(0, each)]);
      this.hands[loser] = sortCards([...this.hands[loser], ...drawn.slice(each)]);
      if (this.stock.length === 0) this.course = "soup";
    }
    this.table = [];
    this.leader = winner;
    const empty = this.hands[0].length === 0 && this.hands[1].length === 0;
    this.phase = this.course === "soup" && empty ? "over" : "lead";
  }

  // The canonical state of the deal (conformance/README.md, "The canonical state").
  state() {
    return {
      dealer: this.dealer,
      course: this.course,
      phase: this.phase,
      to_act: this.toAct,
      hands: this.hands.map((hand) => hand.join("")),
      stock: this.stock.length,
      face_up: this.stock.length > 0 ? this.stock[0] : null,
      table: this.table.join(""),
      tricks: this.tricks.map((pair) => [...pair]),
      points: this.points.map((pair) => [...pair]),
      scores: this.over ? this.scores() : null,
    };
  }

  // What player p knows of the opponent's hand: cards seen going into it and still held.
  opponentKnown(p) {
    return sortCards(this.hands[1 - p].filter((card) => this.seen[p].has(card))).join("");
  }
}

// ---------------------------------------------------------------------------------------------
// A trace: one deal (scope "deal") or a game of deals to 250 (scope "game", §9).

class Session {
  constructor(scope, decks, dealer) {
    this.scope = scope;
    this.decks = decks;
    this.dealIndex = 0;
    this.deal = new Deal(decks[0], dealer);
    // Game bookkeeping (scope "game").
    this.dealScores = [];
    this.dealPoints = [];
    this.result = null;
  }

  totals() {
    const totals = [0, 0];
    for (const [a, b] of this.dealScores) {
      totals[0] += a;
      totals[1] += b;
    }
    return totals;
  }

  // Apply an action, or throw Illegal (leaving everything as it was).
  act(action) {
    if (this.result !== null) throw new Illegal("game-over");
    if (this.deal.over) throw new Illegal("deal-over");
    this.deal.check(action);
    this.deal.apply(action);
    if (this.scope === "game" && this.deal.over) this.endOfDeal();
  }

  // A deal of the game is over: score it, then end the game or deal the next deck (§8, §9).
  endOfDeal() {
    const scores = this.deal.scores();
    this.dealScores.push(scores);
    this.dealPoints.push(this.deal.points.map((pair) => [...pair]));
    this.result = gameResult(this.totals(), scores);
    if (this.result === null && this.dealIndex + 1 < this.decks.length) {
      this.dealIndex += 1;
      this.deal = new Deal(this.decks[this.dealIndex], 1 - this.deal.dealer); // the players take turns to deal
    }
  }

  state() {
    const state = this.deal.state();
    if (this.scope === "game") {
      const games = this.result === null ? [] : [{ ...this.result }];
      const gamesWon = [0, 0];
      if (this.result !== null) gamesWon[this.result.winner] += this.result.value;
      Object.assign(state, {
        deal: this.dealIndex,
        deal_scores: this.dealScores.map((pair) => [...pair]),
        deal_points: this.dealPoints.map((deal) => deal.map((pair) => [...pair])),
        totals: this.totals(),
        result: this.result === null ? null : { ...this.result },
        games,
        games_won: gamesWon,
        winner: this.result === null ? null : this.result.winner, // best_of 1: the game's winner
      });
    }
    return state;
  }

  // Both players' views: the state without "hands", plus what that player may see.
  views(state) {
    return [0, 1].map((p) => {
      const { hands, ...view } = state;
      return {
        ...view,
        player: p,
        hand: hands[p],
        opponent_hand: this.deal.hands[1 - p].length,
        opponent_known: this.deal.opponentKnown(p),
      };
    });
  }
}

// The result of a game after a deal with these scores, leading to these totals, or null (§9).
function gameResult(totals, scores) {
  let winner = null;
  let end = "pond";
  // The pond first (DS-R06): 125 or more in one deal; both there, the higher deal (DS-R05).
  if (Math.max(...scores) >= POND && scores[0] !== scores[1]) winner = scores[0] > scores[1] ? 0 : 1;
  if (winner === null) {
    end = "target";
    // Then the 250 rule: the higher total wins; level totals deal again (DS-R08).
    if (Math.max(...totals) >= TARGET && totals[0] !== totals[1]) winner = totals[0] > totals[1] ? 0 : 1;
  }
  if (winner === null) return null;
  const inTheSoup = totals[1 - winner] < POND;
  // A game counts two at most (DS-R07).
  return { winner, end, in_the_soup: inTheSoup, value: end === "pond" || inTheSoup ? 2 : 1 };
}

// ---------------------------------------------------------------------------------------------
// The protocol.

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

// Check an action's shape; return it normalised ({player, play, call} or {player, answer}),
// or throw an Error for a malformed one (answered with "errored").
function parseAction(action) {
  if (!isObject(action)) throw new Error("the action must be an object");
  if (!Number.isInteger(action.player)) throw new Error("the action needs an integer player");
  if ("answer" in action) {
    if (action.answer !== "duck" || "play" in action || "call" in action) throw new Error("the only answer is \"duck\"");
    return { player: action.player, answer: "duck" };
  }
  if (!isCard(action.play)) throw new Error(`not a card: ${JSON.stringify(action.play)}`);
  const call = action.call === undefined ? "" : action.call;
  if (!["", "quack", "quack-quack", "duck-soup"].includes(call)) throw new Error(`unknown call: ${JSON.stringify(call)}`);
  return { player: action.player, play: action.play, call };
}

// Why a trace cannot be played here, or "" if it can.
function unsupported(request) {
  const game = SUPPORTED[request.game];
  if (game === undefined) return `game ${JSON.stringify(request.game)} is not supported`;
  if (!game.scopes.includes(request.scope)) return `scope ${JSON.stringify(request.scope)} is not supported`;
  const options = { ...STANDARD_OPTIONS, ...request.options };
  for (const [name, value] of Object.entries(options)) {
    if (!(name in game.options) || !game.options[name].includes(value)) {
      return `option ${name}=${JSON.stringify(value)} is not supported`;
    }
  }
  return "";
}

let session = null; // the current trace, or null after a skipped or errored start

// A reply to the request numbered seq (null when the request carried no usable seq).
function reply(seq, body) {
  return { seq, ...body };
}

function handle(request, seq) {
  switch (request.cmd) {
    case "hello":
      return { cmd: "hello", protocol: PROTOCOL, implementation: IMPLEMENTATION, games: SUPPORTED };
    case "start": {
      session = null;
      if (typeof request.game !== "string" || typeof request.scope !== "string" || !isObject(request.options)) {
        return reply(seq, { errored: "a start request needs game, scope and options" });
      }
      const why = unsupported(request);
      if (why) return reply(seq, { skipped: why });
      if (request.dealer !== 0 && request.dealer !== 1) return reply(seq, { errored: "the dealer must be 0 or 1" });
      if (!Array.isArray(request.decks) || request.decks.length === 0) {
        return reply(seq, { errored: "decks must be a non-empty list" });
      }
      let decks;
      try {
        decks = request.decks.map(parseDeck);
      } catch (error) {
        return reply(seq, { errored: error.message });
      }
      session = new Session(request.scope, decks, request.dealer);
      const state = session.state();
      return reply(seq, { state, views: session.views(state) });
    }
    case "act": {
      if (session === null) return reply(seq, { errored: "no trace is being played" });
      let action;
      try {
        action = parseAction(request.action);
      } catch (error) {
        return reply(seq, { errored: `malformed action: ${error.message}` });
      }
      let accepted = { accepted: true };
      try {
        session.act(action);
      } catch (error) {
        if (!(error instanceof Illegal)) throw error;
        accepted = { accepted: false, error: error.code };
      }
      const state = session.state();
      return reply(seq, { ...accepted, state, views: session.views(state) });
    }
    default:
      return reply(seq, { errored: `unknown command: ${JSON.stringify(request.cmd)}` });
  }
}

function main() {
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  const write = (message) => process.stdout.write(JSON.stringify(message) + "\n");
  let finished = false;
  input.on("line", (line) => {
    // readline may still hand over lines it had already read when "bye" closed it: drop them.
    if (finished || line.trim() === "") return; // a blank line is not a request
    let request;
    try {
      request = JSON.parse(line);
    } catch (error) {
      write({ seq: null, errored: `not JSON: ${error.message}` });
      return;
    }
    if (!isObject(request)) {
      write({ seq: null, errored: "a request must be a JSON object" });
      return;
    }
    if (request.cmd === "bye") {
      finished = true;
      input.close(); // no reply; stop reading, and exit once the output is written
      process.stdin.destroy();
      return;
    }
    const seq = Number.isInteger(request.seq) ? request.seq : null;
    try {
      write(handle(request, seq));
    } catch (error) {
      // A bug here must not kill the conversation: the trace fails, the next one goes on.
      session = null;
      process.stderr.write(`${error.stack || error}\n`);
      write({ seq, errored: `internal error: ${error.message}` });
    }
  });
}

main();
