// "ismcts": single-observer information-set Monte Carlo tree search (Cowling,
// Powley and Whitehouse, 2012) over determinizations.
//
// Each iteration draws a full game state consistent with what this seat has
// seen (dt::determinize, from the seat's dt::Knowledge), walks one tree shared
// by every drawn state, choosing among the moves legal in this state with
// UCB1 where each child's exploration counts only the iterations in which it
// was available, adds one node, plays on with a playout and backs up a value.
// The tree's nodes are keyed by move (dt::Option): one tree over the seat's
// information sets rather than one tree per drawn world, so the search never
// plans on a card the seat cannot know.
//
// Why the playouts are short and not random: games last hundreds of
// decisions, and random play scores rarely, so a random game to its end says
// little about a position. A playout here is played by the greedy bot for
// both seats (a fair model of a sensible opponent) for `horizon` turns, then
// the position is scored: P first, then the warriors in play (their V, half
// for a wounded one), then D and cards in hand, turned into a probability of
// winning with a logistic curve. A finished game scores 1, 0 or 1/2.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "bot.hpp"
#include "dt/determinize.hpp"

namespace dt {

std::optional<IsmctsSettings> parse_ismcts_settings(const std::string& text) {
  IsmctsSettings s;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    if (eq == std::string::npos) return std::nullopt;
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    try {
      size_t used = 0;
      if (key == "ms") s.ms = std::stoi(value, &used);
      else if (key == "iters") s.iters = std::stoi(value, &used);
      else if (key == "c") s.c = std::stod(value, &used);
      else if (key == "horizon") s.horizon = std::stoi(value, &used);
      else if (key == "log") s.log = std::stoi(value, &used) != 0;
      else return std::nullopt;
      if (used != value.size()) return std::nullopt;
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  if (s.ms <= 0 || s.iters < 0 || s.c < 0 || s.horizon < 0) return std::nullopt;
  return s;
}

namespace {

using Clock = std::chrono::steady_clock;

// Tree policy: a bonus for the greedy bot's move that fades with visits
// (progressive bias); at the root, another move replaces the greedy one only
// with this many visits and this much more value.
constexpr double kPriorBonus = 0.3;
constexpr int kMinVisits = 20;
constexpr double kMargin = 0.02;
constexpr double kConfidence = 2.0;  // standard errors the gain must exceed

struct Node {
  Option move;     // the move that led here
  int mover = -1;  // the seat that made it
  int parent = -1;
  std::vector<int> children;
  double total = 0;  // value for `mover`, summed
  double total_sq = 0;  // and its squares, for the variance
  int visits = 0;
  int avail = 0;  // iterations in which `move` was legal at the parent
  bool has_prior = false;
  Option prior;  // the greedy bot's move here, in the first state that reached this node
};

// How good `s` is for `seat`, as a probability of winning.
double score(const State& s, int seat) {
  if (game_over(s)) return seat_won(s, seat) ? 1.0 : s.winning_team < 0 ? 0.5 : 0.0;
  auto strength = [&](int i) {
    const SeatState& st = s.seats[size_t(i)];
    double m = st.promotion + 0.1 * destiny(s, i) + 0.15 * double(st.hand.size());
    for (CardId c : st.in_play) {
      if (!is_warrior_in_play(s, c)) continue;
      const Stats r = stats(s, c);
      const double attack = std::max(r.can_fight ? r.f : 0, r.can_shoot ? r.s : 0);
      // Cover's armor protects but does not fight: it is not counted as strength.
      const double armor = r.a - (s.card(c).cover ? s.rules.cover_armor_bonus : 0);
      m += 0.6 * (0.5 + 0.25 * r.v + 0.08 * (attack + armor)) * (s.card(c).wounded ? 0.6 : 1.0);
    }
    return m;
  };
  const double mine = strength(seat);
  double best_other = -1e9;
  for (int i = 0; i < s.num_seats(); ++i)
    if (opponents(s, seat, i) && !s.seats[size_t(i)].eliminated) best_other = std::max(best_other, strength(i));
  return 1.0 / (1.0 + std::exp(-(mine - best_other) / 4.0));
}

class IsmctsBot final : public Bot {
 public:
  IsmctsBot(uint64_t seed, IsmctsSettings settings) : rng_(seed), set_(settings) {
    for (int i = 0; i < 8; ++i) policy_.push_back(make_greedy_bot(seed * 31 + uint64_t(i)));
  }
  std::string name() const override { return "ismcts"; }

  // Without the game (over the wire) there is nothing to search: play as greedy would.
  size_t choose(const Observation& obs, const std::vector<Option>& options) override {
    return policy_[0]->choose(obs, options);
  }

  void on_events(const State& after, const std::vector<Event>& events) override {
    if (seat_ < 0) pending_.emplace_back(after, events);  // seat unknown until the first decision
    else know_.see(after, events);
  }

  size_t choose_in_game(const State& s, int seat, const std::vector<Option>& options) override {
    if (seat_ != seat) {
      seat_ = seat;
      know_ = Knowledge(seat);
      for (const auto& [st, ev] : pending_) know_.see(st, ev);
      pending_.clear();
    }
    know_.see(observe(s, seat));
    if (options.size() == 1) return 0;
    return search(s, options);
  }

  // Over the wire (bots/stdio_main.cpp): the position and what the seat knows
  // come with each request; `options` are the position's own legal moves.
  size_t choose_in_position(const State& s, const Knowledge& k, const std::vector<Option>& options) override {
    if (options.size() == 1) return 0;
    seat_ = k.seat();
    know_ = k;
    return search(s, options);
  }

 private:
  Rng rng_;
  IsmctsSettings set_;
  std::vector<std::unique_ptr<Bot>> policy_;  // greedy players for the playouts, one per seat
  int seat_ = -1;
  Knowledge know_;
  std::vector<std::pair<State, std::vector<Event>>> pending_;
  std::vector<Node> tree_;

  size_t search(const State& s, const std::vector<Option>& options) {
    tree_.clear();
    tree_.push_back(Node{});
    const auto deadline = Clock::now() + std::chrono::milliseconds(set_.ms);
    std::vector<int> path;
    int it = 0;
    for (;; ++it) {
      if (set_.iters > 0 ? it >= set_.iters : (it > 0 && Clock::now() >= deadline)) break;
      State w = determinize(s, know_, rng_);
      path.assign(1, 0);
      int node = 0;
      // Selection and expansion.
      while (!game_over(w)) {
        const auto opts = legal_options(w);
        const int mover = deciding_seat(w);
        if (!tree_[size_t(node)].has_prior) {
          tree_[size_t(node)].prior = opts[greedy_pick(w, mover, opts)];
          tree_[size_t(node)].has_prior = true;
        }
        const Option& prior = tree_[size_t(node)].prior;
        std::vector<size_t> untried;
        int best = -1;
        double best_ucb = -1e18;
        for (size_t k = 0; k < opts.size(); ++k) {
          int child = -1;
          for (int c : tree_[size_t(node)].children)
            if (tree_[size_t(c)].move == opts[k]) child = c;
          if (child < 0) {
            untried.push_back(k);
            continue;
          }
          Node& ch = tree_[size_t(child)];
          ++ch.avail;
          const double ucb = ch.total / ch.visits + set_.c * std::sqrt(std::log(double(ch.avail)) / ch.visits) +
                             (ch.move == prior ? kPriorBonus / (1 + ch.visits) : 0.0);
          if (ucb > best_ucb) best_ucb = ucb, best = child;
        }
        if (!untried.empty()) {
          // The greedy move is tried first, the rest in random order.
          size_t pick = untried[size_t(rng_.below(untried.size()))];
          for (size_t k : untried)
            if (opts[k] == prior) pick = k;
          const Option move = opts[pick];
          Node n;
          n.move = move;
          n.mover = mover;
          n.parent = node;
          n.avail = 1;
          tree_.push_back(n);
          const int id = int(tree_.size() - 1);
          tree_[size_t(node)].children.push_back(id);
          apply(w, move);
          path.push_back(id);
          break;
        }
        apply(w, tree_[size_t(best)].move);
        node = best;
        path.push_back(node);
      }
      playout(w);
      // Back up: each node's value is for the seat that made its move.
      for (int n : path) {
        Node& nd = tree_[size_t(n)];
        ++nd.visits;
        if (nd.mover >= 0) {
          const double v = score(w, nd.mover);
          nd.total += v;
          nd.total_sq += v * v;
        }
      }
    }
    // The move with the best value at the root, unless the search found no
    // clear gain over the greedy move (a noisy estimate must not overrule a
    // sound default). A move followed by more moves of the same seat (an
    // action, then the next action) is worth its best continuation, not the
    // average of the continuations the search tried.
    if (set_.log) std::fprintf(stderr, "ismcts: options %zu iterations %d\n", options.size(), it);
    const Option& greedy = tree_[0].prior;
    const Node* best = nullptr;
    const Node* def = nullptr;
    double best_value = -1;
    for (int c : tree_[0].children) {
      const Node& ch = tree_[size_t(c)];
      if (ch.move == greedy) def = &ch;
      if (ch.visits < kMinVisits) continue;
      const double v = value_of(c);
      if (v > best_value) best_value = v, best = &ch;
    }
    Option chosen = greedy;
    if (best && def && best != def && def->visits >= 2) {
      const double gain = best_value - value_of(int(def - tree_.data()));
      auto var = [&](const Node* n) {
        const double m = n->total / n->visits;
        return std::max(0.0, n->total_sq / n->visits - m * m) / n->visits;
      };
      if (gain > kMargin && gain > kConfidence * std::sqrt(var(best) + var(def))) chosen = best->move;
    }
    for (size_t k = 0; k < options.size(); ++k)
      if (options[k] == chosen) return k;
    return 0;
  }

  // A node's value for its mover: its mean, or the best of its well-visited
  // children when the same seat moves next.
  double value_of(int n) const {
    const Node& nd = tree_[size_t(n)];
    double best = -1;
    for (int c : nd.children) {
      const Node& ch = tree_[size_t(c)];
      if (ch.mover == nd.mover && ch.visits >= kMinVisits) best = std::max(best, value_of(c));
    }
    return best >= 0 ? best : nd.total / std::max(1, nd.visits);
  }

  size_t greedy_pick(const State& w, int seat, const std::vector<Option>& opts) {
    return policy_[size_t(seat) % policy_.size()]->choose(observe(w, seat), opts);
  }

  // Greedy play for every seat until `horizon` more turns have begun (or the game ends).
  void playout(State& w) {
    const int until = w.turn_number + set_.horizon;
    for (int n = 0; n < 400 && !game_over(w) && w.turn_number < until; ++n) {
      const auto opts = legal_options(w);
      const int seat = deciding_seat(w);
      apply(w, opts[greedy_pick(w, seat, opts)]);
    }
  }
};

}  // namespace

std::unique_ptr<Bot> make_ismcts_bot(uint64_t seed, const IsmctsSettings& settings) {
  return std::make_unique<IsmctsBot>(seed, settings);
}

}  // namespace dt
